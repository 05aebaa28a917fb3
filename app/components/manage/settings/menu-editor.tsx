import { ExternalLink, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SETTINGS_LIMITS } from '../../../../common/schemas/settings';
import { isExternalTarget } from '../../../../common/site-settings';
import { formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { ReorderButtons, refocusMoved } from './reorder-buttons';
import { BilingualField, fieldPath, type SettingsForm } from './shared';

/** The main menu: entries with a label in each language and a target; add, remove, reorder. */
export function MenuEditor({ form, disabled }: { form: SettingsForm; disabled: boolean }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'mainMenu' });
  const targets = useWatch({ control: form.control, name: 'mainMenu' });
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const number = (value: number) => formatNumber(locale, value);
  const full = fields.length >= SETTINGS_LIMITS.mainMenu;

  return (
    <div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {fields.length ? (
        <ol ref={list} className="space-y-3">
          {fields.map((field, index) => (
            <li key={field.id} data-row={field.id} className="rounded-lg border border-border bg-muted/40 p-3 sm:p-4">
              <div className="mb-3 flex items-center justify-between gap-2">
                <p className="flex items-center gap-2 text-sm font-medium">
                  {t('settings.menu.entry', { number: number(index + 1) })}
                  {isExternalTarget(targets?.[index]?.to ?? '') ? (
                    <Badge>
                      <ExternalLink aria-hidden className="me-1 size-3" />
                      {t('settings.menu.external')}
                    </Badge>
                  ) : null}
                </p>
                {disabled ? null : (
                  <ReorderButtons
                    index={index}
                    count={fields.length}
                    labels={{
                      up: t('settings.menu.moveUp', { number: number(index + 1) }),
                      down: t('settings.menu.moveDown', { number: number(index + 1) }),
                      remove: t('settings.menu.remove', { number: number(index + 1) }),
                    }}
                    onMove={(from, to, action) => {
                      move(from, to);
                      setAnnouncement(t('settings.menu.moved', { position: number(to + 1), count: number(fields.length) }));
                      refocusMoved(list.current, field.id, action);
                    }}
                    onRemove={() => {
                      remove(index);
                      setAnnouncement(t('settings.menu.removed'));
                      addButton.current?.focus();
                    }}
                  />
                )}
              </div>
              <BilingualField form={form} name={fieldPath('mainMenu', index, 'label')} label={t('settings.menu.label')} />
              <FormField
                form={form}
                name={fieldPath('mainMenu', index, 'to')}
                label={t('settings.menu.target')}
                placeholder={t('settings.menu.targetHint')}
                dir="ltr"
                className="mt-3"
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-fg-muted">{t('settings.menu.empty')}</p>
      )}
      {disabled ? null : (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            ref={addButton}
            type="button"
            variant="outline"
            size="sm"
            disabled={full}
            onClick={() =>
              append({ label: { fa: '', en: '' }, to: '' }, { focusName: fieldPath('mainMenu', fields.length, 'label', 'fa') })
            }
          >
            <Plus aria-hidden className="size-4" />
            {t('settings.menu.add')}
          </Button>
          {full ? (
            <p className="text-sm text-fg-muted">{t('settings.menu.full', { max: number(SETTINGS_LIMITS.mainMenu) })}</p>
          ) : null}
        </div>
      )}
    </div>
  );
}
