/**
 * Control characters refused in every JSON string the API receives: C0 except tab, LF and CR, DEL,
 * and C1. NUL in particular cannot be stored by PostgreSQL (a 500 before this check).
 */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Whether a string holds a control character no text field accepts. */
export const hasForbiddenControlCharacter = (s: string): boolean => FORBIDDEN_CONTROL_CHARACTERS.test(s);

/** Half of a UTF-16 surrogate pair without its other half: no valid text, and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds half a surrogate pair. */
export const hasLoneSurrogate = (s: string): boolean => LONE_SURROGATE.test(s);
