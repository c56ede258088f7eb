import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { camelCase } from '@stageplein/contracts/client/case-keys';
import { isApiRequestError } from '@stageplein/contracts/client/api-client';
import type { TValidationMessage } from '@stageplein/contracts/errors/validation-messages';
import { validateAll, validateField, type TFieldValue, type TRule } from './field-rules.ts';
import { whenPointerReleased } from './pointer-release.ts';

export type TValues = Record<string, TFieldValue>;

export { whenPointerReleased } from './pointer-release.ts';

export interface TFieldBinding {
  name: string;
  value: TFieldValue;
  error: string | undefined;
  onChange: (value: TFieldValue) => void;
  onBlur: () => void;
}

/**
 * Form state with spec §5 validation: each field is checked when it loses focus (and the whole form
 * on submit), stopping at its first failing rule; messages are the localized defaults. Field errors
 * the API sends back (JSON:API `source.pointer`) show under their field.
 */
export function useForm<V extends TValues>(
  initialValues: V,
  schema: Partial<Record<keyof V & string, readonly TRule[]>> = {},
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initialValues);
  const [messages, setMessages] = useState<Partial<Record<string, TValidationMessage>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<unknown>(undefined);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const formRef = useRef<HTMLFormElement | null>(null);

  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const rulesOf = (name: string) =>
    (schemaRef.current as Record<string, readonly TRule[] | undefined>)[name] ?? [];

  const setValue = (name: keyof V & string, value: TFieldValue) => {
    const next = { ...valuesRef.current, [name]: value } as V;
    valuesRef.current = next;
    setValues(next);
    setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
    // Fields already marked invalid are checked again as they change, so a fixed field clears at
    // once (and nothing jumps when the field is left). Untouched fields wait for their blur.
    setMessages((m) => {
      let changed = false;
      const out = { ...m };
      for (const [field, message] of Object.entries(m)) {
        if (!message) continue;
        const now = validateField(next[field], rulesOf(field), next);
        if (now?.key !== message.key) {
          out[field] = now;
          changed = true;
        }
      }
      return changed ? out : m;
    });
  };

  const checkField = (name: string) => {
    const message = validateField(valuesRef.current[name], rulesOf(name), valuesRef.current);
    setMessages((m) => ({ ...m, [name]: message }));
  };

  const errorOf = (name: string): string | undefined => {
    const message = messages[name];
    if (message) return t(message.key, message.vars);
    return serverErrors[name];
  };

  const bind = (name: keyof V & string): TFieldBinding => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (value) => setValue(name, value),
    onBlur: () => whenPointerReleased(() => checkField(name)),
  });

  /** Shows the API's field errors under their fields; true when at least one matched a field. */
  const applyApiErrors = (error: unknown): boolean => {
    if (!isApiRequestError(error)) return false;
    const next: Record<string, string> = {};
    for (const e of error.errors) {
      const pointer = e.source?.pointer?.replace(/^\/(data\/attributes\/|user\/)?/, '');
      if (!pointer) continue;
      const field = camelCase(pointer.split('/')[0] ?? '');
      if (field in valuesRef.current && !next[field]) next[field] = e.detail ?? e.title ?? '';
    }
    setServerErrors(next);
    return Object.keys(next).length > 0;
  };

  /**
   * Checks only these fields (another action of the same form, e.g. the mailed sign-in link that
   * needs just the e-mail address): shows their messages, focuses the first failing one.
   */
  const validate = (names: readonly (keyof V & string)[], form?: ParentNode | null): boolean => {
    const found: Partial<Record<string, TValidationMessage>> = {};
    for (const name of names) {
      const message = validateField(valuesRef.current[name], rulesOf(name), valuesRef.current);
      if (message) found[name] = message;
    }
    setMessages((m) => ({ ...m, ...Object.fromEntries(names.map((n) => [n, found[n]])) }));
    const first = names.find((name) => found[name]);
    if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return first === undefined;
  };

  const handleSubmit =
    (onValid: (values: V) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      const found = validateAll(valuesRef.current, schema as Record<string, readonly TRule[]>);
      setMessages(found);
      setFormError(undefined);
      if (Object.keys(found).length) {
        const first = Object.keys(schema).find((name) => found[name]);
        event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      setSubmitting(true);
      try {
        await onValid(valuesRef.current);
      } catch (error) {
        applyApiErrors(error);
        setFormError(error);
      } finally {
        setSubmitting(false);
      }
    };

  return {
    values,
    setValue,
    setValues,
    bind,
    handleSubmit,
    validate,
    submitting,
    formError,
    setFormError,
    applyApiErrors,
  };
}
