/** Pure client rules shared by portal-ui and admin-ui (no React, no DOM access at import time). */
export * from './api-client.ts';
export * from './case-keys.ts';
export * from './cookies.ts';
export * from './credentials.ts';
export * from './detect-tenant.ts';
export * from './form-data.ts';
export * from './hard-navigation.ts';
export * from './jsonapi-document.ts';
export * from './locale-cookie.ts';
export * from './navigation.ts';
export * from './organization-selection.ts';
export * from './organizations.ts';
export * from './password-reset.ts';
export * from './query-string.ts';
export * from './theme-fonts.ts';
