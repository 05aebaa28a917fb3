import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { embedOf } from '../../../../common/embeds';
import { Button } from '../../ui/button';
import { Dialog, DialogContent } from '../../ui/dialog';
import { Field } from '../../ui/field';

/**
 * The toolbar's video button (issue 26 item 7): asks for a YouTube, Vimeo or Aparat address, refuses
 * any other (common/embeds.ts decides, as the renderer does) and hands the address on to be put
 * alone on its own line, which published pages show as a click-to-play embed.
 */
export function EmbedDialog({
  open,
  onOpenChange,
  onInsert,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (address: string) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = address.trim();
    if (!embedOf(value)) return setError(t('editor.embed.invalid'));
    onInsert(value);
    setAddress('');
    setError(undefined);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent title={t('editor.embed.title')} description={t('editor.embed.hint')} onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field
            label={t('editor.embed.address')}
            type="url"
            dir="ltr"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            maxLength={2000}
            placeholder="https://www.youtube.com/watch?v=…"
            value={address}
            error={error}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(undefined);
            }}
            data-testid="embed-address"
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('editor.embed.cancel')}
            </Button>
            <Button type="submit">{t('editor.embed.insert')}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
