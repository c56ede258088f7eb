/** The tenant's mail templates (issue #35 item 2): every kind with its own or standard text; one edited and previewed. */
export { NotificationTemplateList as list } from './notification-template-list.tsx';
export { NotificationTemplateEdit as edit } from './notification-template-edit.tsx';
