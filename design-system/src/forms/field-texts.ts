import { createContext } from 'react';

/**
 * The few words the design system's field frame says itself, in the app's language. Each app provides
 * them from its own catalogue (the portal through i18next, the back office through react-admin), so
 * the fields need neither app's translation library. A module of its own: the portal's entry provides
 * it, the fields stay in their lazy chunks.
 */
export interface TFieldTexts {
  /** After an optional field's label ("optioneel"); none when the app marks only required fields. */
  optional?: string | undefined;
}

export const FieldTextsContext = createContext<TFieldTexts>({});
