/** Compliance documents of the selected organization (its admins) or of every organization (school and centre admins). */
export { ComplianceDocumentList as list } from './compliance-document-list.tsx';
export { ComplianceDocumentCreate as create } from './compliance-document-create.tsx';
export { ComplianceDocumentEdit as edit } from './compliance-document-edit.tsx';
