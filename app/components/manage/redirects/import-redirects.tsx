import { Loader2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REDIRECT_IMPORT_MAX_ROWS } from '../../../../common/redirects';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useMutation } from '../../../lib/mutation';
import { useRootData } from '../../../lib/root-data';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/dialog';

type Problem = { line?: number; field?: string; message: string };

/** The server's refusal as lines: `issues` at `['csv', line, field]`. */
function problemsOf(error: ApiRequestError): Problem[] {
  return (error.failure.data?.issues ?? []).map((issue) => {
    const [, line, field] = issue.path;
    return {
      line: typeof line === 'number' ? line : undefined,
      field: field === 'from' || field === 'to' || field === 'status' ? field : undefined,
      message: issue.message,
    };
  });
}

/**
 * Import redirects from a CSV file (`from,to,status` per line, as the export writes it): all or
 * nothing. A refused file changes nothing, and every problem is listed by line.
 */
export function ImportRedirects() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [failure, setFailure] = useState<{ message: string; problems: Problem[] }>();
  const importing = useMutation({
    call: (csv: string) => api.redirects.import<{ added: number; updated: number; unchanged: number }>({ body: { csv }, locale }),
    done: () => setOpen(false),
    success: (report) => ({
      title: t('redirects.import.success'),
      description: t('redirects.import.report', {
        added: formatNumber(locale, report.added),
        updated: formatNumber(locale, report.updated),
        unchanged: formatNumber(locale, report.unchanged),
      }),
      color: 'success',
    }),
    handled: (error) => {
      setFailure(
        error instanceof ApiRequestError
          ? { message: error.failure.message, problems: problemsOf(error) }
          : { message: t('redirects.failed'), problems: [] },
      );
      return true;
    },
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    setFailure(undefined);
    await importing.run(await file.text());
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setFile(undefined);
          setFailure(undefined);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Upload aria-hidden className="size-4" />
          {t('redirects.import.open')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('redirects.import.title')}
        description={t('redirects.import.description', { max: formatNumber(locale, REDIRECT_IMPORT_MAX_ROWS) })}
      >
        <form onSubmit={submit} className="grid gap-4" aria-busy={importing.busy}>
          {failure ? (
            <Alert tone="error" title={failure.message}>
              {failure.problems.length ? (
                <ul className="max-h-60 space-y-1 overflow-y-auto" data-testid="import-problems">
                  {failure.problems.map((problem, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is the server's, shown as it came.
                    <li key={index}>
                      {problem.line !== undefined
                        ? t(problem.field ? 'redirects.import.lineField' : 'redirects.import.line', {
                            line: formatNumber(locale, problem.line),
                            field: problem.field ? t(`redirects.fields.${problem.field}`) : '',
                          })
                        : null}
                      {problem.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
              {t('redirects.import.file')}
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              required
              onChange={(event) => setFile(event.target.files?.[0])}
              className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-surface file:px-3 file:py-1.5 file:text-sm"
            />
            <p className="mt-1 text-xs text-fg-muted">
              {t('redirects.import.example')}{' '}
              <code dir="ltr" className="font-mono">
                /old-page,/fa/new-page,301
              </code>
            </p>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('redirects.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={importing.busy || !file}>
              {importing.busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
              {t('redirects.import.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
