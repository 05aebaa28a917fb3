import { startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { Check, Copy, KeyRound, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encode } from 'uqr';
import { normalizeCode, webauthnInput } from '../../../common/two-factor';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { useConfirmFirst } from './confirm-first';

/**
 * The pieces of two-factor sign-in both the profile's security section and the sign-in's required
 * set-up use. `family`: the profile's endpoints (signed in) or the second step of signing in's
 * (half-signed, a set-up the site requires).
 */
const factorRoutes = {
  profile: {
    totp: api.profile.securityTotp,
    totpEnable: api.profile.securityTotpEnable,
    passkeysOptions: api.profile.securityPasskeysOptions,
    passkeys: api.profile.securityPasskeys,
  },
  signIn: {
    totp: api.auth.twoFactorTotp,
    totpEnable: api.auth.twoFactorTotpEnable,
    passkeysOptions: api.auth.twoFactorPasskeysOptions,
    passkeys: api.auth.twoFactorPasskeys,
  },
};
export type FactorApi = keyof typeof factorRoutes;

const failureOf = (error: unknown) => (error instanceof ApiRequestError ? error.message : String(error));

/** The otpauth:// address as a QR code: an SVG of dark modules on a light square (scanners need the contrast in dark mode too). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 rounded-md bg-white p-1"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The one-time code input: digits of either script, numeric keyboard, the platform's code autofill. */
export function CodeField({
  value,
  onChange,
  label,
  hint,
  error,
  allowRecovery = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  hint?: string;
  error?: string;
  allowRecovery?: boolean;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      name="code"
      autoComplete="one-time-code"
      // A recovery code has letters: the numeric keyboard only when six digits are all it takes.
      inputMode={allowRecovery ? 'text' : 'numeric'}
      autoCapitalize="off"
      spellCheck={false}
      maxLength={40}
      dir="ltr"
      className="max-w-xs"
      required
    />
  );
}

/** Ten recovery codes, shown once: copy them all, then go on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone?: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-lg border border-secondary/40 bg-secondary/5 p-4"
      data-testid="recovery-codes"
    >
      <h3 id={headingId} className="font-semibold">
        {t('twoFactor.recovery.title')}
      </h3>
      <p className="text-sm text-fg-muted">{t('twoFactor.recovery.intro')}</p>
      <ol dir="ltr" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:w-fit">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(codes.join('\n')).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? t('twoFactor.recovery.copied') : t('twoFactor.recovery.copy')}
        </Button>
        {onDone ? (
          <Button type="button" size="sm" onClick={onDone}>
            {t('twoFactor.recovery.saved')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Setting up an authenticator app: a new secret as a QR code and as text, then a code from the app
 * to turn it on. `onEnabled` gets the recovery codes when they were made (the first factor).
 */
export function TotpSetup({
  family,
  onEnabled,
  onCancel,
}: {
  family: FactorApi;
  onEnabled: (codes: string[] | null) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [secret, setSecret] = useState<{ secret: string; uri: string }>();
  // Profile changes may first ask who it is (F-46); the second step of signing in never does.
  const confirmFirst = useConfirmFirst();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const begin = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      setSecret(await confirmFirst(() => factorRoutes[family].totp<{ secret: string; uri: string }>({ body: {}, locale })));
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const enable = async (event: FormEvent) => {
    event.preventDefault();
    if (!normalizeCode(code)) return setFailure(t('validation.required'));
    setBusy(true);
    setFailure(undefined);
    try {
      const done = await factorRoutes[family].totpEnable<{ recoveryCodes: string[] | null }>({
        body: { code },
        locale,
      });
      onEnabled(done.recoveryCodes);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (!secret)
    return (
      <div className="space-y-3">
        {failure ? <Alert tone="error" title={failure} /> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={begin} disabled={busy}>
            {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
            {t('twoFactor.totp.setUp')}
          </Button>
        </div>
      </div>
    );

  const grouped = secret.secret.match(/.{1,4}/g)?.join(' ') ?? secret.secret;
  return (
    <form onSubmit={enable} noValidate className="space-y-4" aria-busy={busy} data-testid="totp-setup">
      <ol className="list-decimal space-y-4 ps-5 text-sm rtl:[list-style-type:persian]">
        <li>
          <p>{t('twoFactor.totp.scan')}</p>
          <div className="mt-3 flex flex-wrap items-start gap-4">
            <QrCode text={secret.uri} label={t('twoFactor.totp.qrLabel')} />
            <div className="min-w-0 space-y-1">
              <p className="text-fg-muted">{t('twoFactor.totp.orType')}</p>
              <code
                dir="ltr"
                className="block break-all rounded bg-muted px-2 py-1 font-mono text-base"
                data-testid="totp-secret"
                data-secret={secret.secret}
              >
                {grouped}
              </code>
            </div>
          </div>
        </li>
        <li>
          <p className="mb-2">{t('twoFactor.totp.enterCode')}</p>
          <CodeField value={code} onChange={setCode} label={t('twoFactor.code.label')} error={failure} />
        </li>
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('twoFactor.totp.turnOn')}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Registers a passkey of this device (or a security key) under a name the person chooses. */
export function PasskeyRegister({ family, onRegistered }: { family: FactorApi; onRegistered: (codes: string[] | null) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirmFirst = useConfirmFirst();

  const register = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setFailure(t('validation.required'));
    setBusy(true);
    setFailure(undefined);
    try {
      const optionsJSON = await confirmFirst(() =>
        factorRoutes[family].passkeysOptions<Parameters<typeof startRegistration>[0]['optionsJSON']>({ body: {}, locale }),
      );
      const response = await startRegistration({ optionsJSON });
      const done = await factorRoutes[family].passkeys<{ recoveryCodes: string[] | null }>({
        body: { name: name.trim(), response: webauthnInput(response) },
        locale,
      });
      setName('');
      onRegistered(done.recoveryCodes);
    } catch (error) {
      setFailure(
        error instanceof WebAuthnError || (error instanceof Error && error.name === 'NotAllowedError')
          ? t('twoFactor.passkey.cancelled')
          : failureOf(error),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={register}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-busy={busy}
      data-testid="passkey-register"
    >
      <Field
        label={t('twoFactor.passkey.name')}
        hint={t('twoFactor.passkey.nameHint')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={60}
        error={failure}
        dir="auto"
        className="min-w-56 flex-1"
      />
      {/* Beside the input, below its label (the hint stays under the input alone). */}
      <Button type="submit" variant="outline" disabled={busy} className="mt-6">
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <KeyRound aria-hidden className="size-4" />}
        {t('twoFactor.passkey.add')}
      </Button>
    </form>
  );
}
