/** Arabic-script letters (Persian included). */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/;

/**
 * A path or file name, always left to right. When it holds Persian, each part between separators
 * is isolated too: digits that follow a Persian word otherwise join the Persian run (Unicode bidi
 * rule W2), and «عکس-سفر-۱۴۰۵-01ba751e.webp» showed its hash split in two (D21). Only elements
 * are added, no invisible characters: copying gives the name as it is.
 */
export function LtrName({ value, className }: { value: string; className?: string }) {
  if (!ARABIC_SCRIPT.test(value))
    return (
      <bdi dir="ltr" className={className}>
        {value}
      </bdi>
    );
  const parts = value.split(/([-/._ ])/);
  return (
    <bdi dir="ltr" className={className}>
      {parts.map((part, index) =>
        index % 2 === 1 || part === '' ? (
          part
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
          <bdi key={index}>{part}</bdi>
        ),
      )}
    </bdi>
  );
}
