export {
  apiErrorText,
  ERROR_CODES,
  errorCodeForStatus,
  ERRORS,
  errorScreenFor,
  errorScreenText,
  fatalNotFoundMessage,
  isErrorCode,
  isReportableStatus,
  isWrongCenter,
  type TErrorCode,
  type TErrorDefinition,
  type TErrorScreen,
  type TErrorScreenKind,
} from './error-catalogue.ts';
export {
  localizeZodIssue,
  zodErrorMap,
  zodIssueMessage,
  type TValidationMessage,
  type TValidationParams,
  type TZodIssueLike,
} from './validation-messages.ts';
