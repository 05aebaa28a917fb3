import { useTranslation } from 'react-i18next';

/**
 * The heading and honest status of a dashboard section whose tools are not built yet: the guard
 * in front of it is real, the screen says plainly that the section arrives later.
 */
export function ManagePage({ section }: { section: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-bold">{t(`manage.sections.${section}`)}</h1>
      <div className="mt-6 rounded-lg border border-dashed border-border p-6 text-fg-muted">{t('manage.notYet')}</div>
    </section>
  );
}
