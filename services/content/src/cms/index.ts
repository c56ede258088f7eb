// The CMS group's public entry (docs/decisions/content.md "Groups"): its module object, and the
// uploads' storage the forms group keeps visitors' files with (the file checks are kit's: kit/uploads).
export { cmsGroup } from './cms.module.ts';
export { contactEmail } from './seed-pages.ts';
export { storagesFor, type TStorageConfig, type TStorages } from './uploads/storage.ts';
export { displayName } from './uploads/uploads.service.ts';
export type { TStorageKind } from './uploads/uploads.table.ts';
