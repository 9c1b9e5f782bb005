import { useEffect, useRef, type HTMLAttributes, type Ref } from 'react';
import { useActionData } from 'react-router';
import { appUrl } from '../kernel/file-url';
import './altcha-field.css';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': HTMLAttributes<HTMLElement> & {
        ref?: Ref<AltchaWidgetElement>;
        challenge?: string;
        name?: string;
        language?: string;
        auto?: string;
        configuration?: string;
      };
    }
  }
}

let loaded: Promise<void> | null = null;

/**
 * The widget's code, fetched only on the pages that show it. The `external` build with its
 * PBKDF2 worker as a bundled file: the default build makes a worker from a blob URL, which the
 * Content-Security-Policy refuses (stack notes). Strings in Traditional Chinese; no footer link.
 */
function loadAltcha(): Promise<void> {
  loaded ??= (async () => {
    const [, , worker] = await Promise.all([
      import('altcha/external'),
      import('altcha/altcha.css'),
      import('altcha/workers/pbkdf2?worker'),
    ]);
    const Pbkdf2Worker = worker.default;
    const registry = (globalThis as unknown as { $altcha: AltchaGlobal }).$altcha;
    registry.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
    registry.i18n.set('zh-tw', {
      ariaLinkLabel: 'ALTCHA',
      error: '驗證失敗，請稍後再試。',
      expired: '驗證已過期，請再驗證一次。',
      footer: '',
      label: '我不是機器人',
      loading: '載入中…',
      reload: '重新載入',
      verify: '驗證',
      verificationRequired: '請先完成「我不是機器人」驗證',
      verified: '已驗證',
      verifying: '驗證中…',
      waitAlert: '驗證中，請稍候。',
    });
  })();
  return loaded;
}

interface AltchaWidgetElement extends HTMLElement {
  reset?: () => void;
}

interface AltchaGlobal {
  algorithms: Map<string, () => Worker>;
  i18n: { set(language: string, strings: Record<string, string>): void };
}

/** Moves the focus to the widget's own checkbox, or to the field around it before the widget has drawn. */
function focusWidget(widget: AltchaWidgetElement | null, field: HTMLElement | null) {
  const root = widget?.shadowRoot ?? widget;
  const checkbox = root?.querySelector<HTMLInputElement>('input[type="checkbox"]');
  (checkbox ?? field)?.focus();
  field?.scrollIntoView({ block: 'center', behavior: 'auto' });
}

/**
 * The self-hosted robot check of every public form (ALTCHA proof of work, decision 0123): the browser solves a small
 * puzzle from /api/v1/altcha-challenge and the form sends the answer in `altcha`. It needs
 * JavaScript; without it the form says so. Its error shows beside the widget, and each new error
 * (a new `errors` array) moves the focus to the widget, so the visitor is taken to what is missing
 * (decision 0366).
 */
export function AltchaField({ errors, errorId }: { errors?: string[] | undefined; errorId: string }) {
  const widget = useRef<AltchaWidgetElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const actionData = useActionData();
  useEffect(() => {
    void loadAltcha();
  }, []);
  // A solution is spent by the submit that carried it: after every answer the check starts over.
  useEffect(() => {
    if (actionData !== undefined) widget.current?.reset?.();
  }, [actionData]);
  useEffect(() => {
    if (!errors?.length) return;
    // After the widget's own redraw (a reset above redraws its checkbox in a microtask).
    const frame = requestAnimationFrame(() => focusWidget(widget.current, field.current));
    return () => cancelAnimationFrame(frame);
  }, [errors, actionData]);
  return (
    <div className="account-form__field altcha-field" ref={field} tabIndex={-1}>
      <altcha-widget
        ref={widget}
        challenge={appUrl('api/v1/altcha-challenge')}
        name="altcha"
        language="zh-tw"
        configuration={JSON.stringify({ hideFooter: true, hideLogo: true, workers: 2 })}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <noscript>
        <p className="account-form__note">「我不是機器人」驗證需要啟用 JavaScript。</p>
      </noscript>
      {errors?.length ? (
        <p id={errorId} className="account-form__error altcha-field__error" role="alert">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
