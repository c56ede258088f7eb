import {
  canOpenBackOffice,
  derivePermissions,
  NO_PERMISSIONS,
  type TPermissions,
} from '@stageplein/contracts/identity/permissions';
import type { TOrganizationType, TRoleRef } from '@stageplein/contracts/identity/roles';
import {
  administers,
  updatesUsers,
  userRules as USER_RULES,
  userTargetOfRecord,
  type TUserActor,
  type TUserTarget,
} from '@stageplein/contracts/identity/users-policy';
import { editsContent, formScope } from '@stageplein/contracts/content/content-policy';
import { isPlatformOperator, moderatedTypes } from '@stageplein/contracts/organizations/moderation';
import { complianceRules, isComplianceRequirer } from '@stageplein/contracts/organizations/compliance';
import {
  belongsToSchool as belongsToSchoolRule,
  managesSchool as managesSchoolRule,
  mentorshipRules,
  organizationRules,
  type TOrganizationActor,
  type TOrganizationSubject,
} from '@stageplein/contracts/organizations/organizations-policy';
import type { TOrganizationStatus } from '@stageplein/contracts/organizations/organizations';
import {
  allowsAction,
  deletable,
  editable,
  managesVacancy,
  mayTakeAction,
  moderatesVacancies,
  readsVacancy,
  type TVacancyFacts,
} from '@stageplein/contracts/placements/vacancy-policy';
import { mayDesignWorkflows } from '@stageplein/contracts/phases/workflow-rules';
import { editsMailTemplates } from '@stageplein/contracts/notifications/mail-templates';
import { mayConfigureFederation } from '@stageplein/contracts/identity/education-sso-policy';
// Types only: vacancies.ts holds the zod schemas, which stay out of the first load.
import type { TVacancyAction, TVacancyStatus } from '@stageplein/contracts/placements/vacancies';

/** The selected organization as GET /api/v1/current_organizations tells it. */
export interface TSessionOrganization {
  id: string;
  /** School, VolunteerCenter, NonProfit or Provider (the JSON:API type). */
  type: string;
  status: string;
  name: string;
  /** The signed-in user's role names there (`meta.roles`). */
  roles: string[];
}

/** Spec §6 for the selected organization, plus what the back office needs to mirror the server's policies. */
export interface TAdminPermissions extends TPermissions {
  userId: string;
  organization: TSessionOrganization | undefined;
  /** Organization types this user approves, denies, archives, creates (contracts/organizations/moderation). */
  moderatedTypes: readonly TOrganizationType[];
  /** Signed in through "sign in as user". */
  impersonating: boolean;
}

/** The selected organization as the organizations service knows it (type and status). */
const factsOf = (organization: TSessionOrganization | undefined) =>
  organization
    ? {
        id: organization.id,
        type: organization.type as TOrganizationType,
        status: organization.status as TOrganizationStatus,
      }
    : null;

export function adminPermissions(
  user: { id: string; roles: readonly TRoleRef[]; impersonatorId?: string | null },
  organization: TSessionOrganization | undefined,
): TAdminPermissions {
  const permissions = organization
    ? derivePermissions(user.roles, { id: organization.id, type: organization.type })
    : NO_PERMISSIONS;
  return {
    ...permissions,
    userId: user.id,
    organization,
    moderatedTypes: moderatedTypes(permissions, factsOf(organization)),
    impersonating: !!user.impersonatorId,
  };
}

/**
 * Who may use the back office at all: admins and mentors of the selected organization. Students and
 * volunteers have no back-office screens (the portal is theirs).
 */
export const hasBackOffice = (p: TAdminPermissions | undefined): boolean => canOpenBackOffice(p);

const currentFacts = (p: TAdminPermissions) => factsOf(p.organization);

/** The tenant's platform operators (contracts rule): they read the dev mailbox and the audit log. */
export const isOperator = (p: TAdminPermissions | undefined): boolean =>
  !!p && isPlatformOperator(p, currentFacts(p));

/** School data on the screens is the selected School's: the shared rules with that school. */
const schoolSubject = (p: TAdminPermissions) => ({
  current: currentFacts(p),
  schoolId: p.organization?.id ?? '',
});
/** An admin of the selected, approved School (contracts' `managesSchool`). */
export const managesSchool = (p: TAdminPermissions) => managesSchoolRule(p, schoolSubject(p));
const belongsToSchool = (p: TAdminPermissions) => belongsToSchoolRule(p, schoolSubject(p));

/** The caller for the shared user rules (contracts/identity/users-policy.ts). */
const userActor = (p: TAdminPermissions): TUserActor => ({
  userId: p.userId,
  organizationId: p.organization?.id ?? null,
  permissions: p,
  impersonating: p.impersonating,
  organizationStatus: p.organization?.status ?? null,
});

/** A per-user rule; without a record (a list's toolbar) whether the action exists for the caller at all. */
const onUser =
  (rule: (a: TUserActor, t: TUserTarget) => boolean, withoutRecord: (p: TAdminPermissions) => boolean) =>
  (p: TAdminPermissions, r?: Record<string, unknown>) =>
    r ? rule(userActor(p), userTargetOfRecord(p.organization?.id ?? null, r)) : withoutRecord(p);

export type TAdminAction =
  | 'list'
  | 'show'
  | 'create'
  | 'edit'
  | 'delete'
  | 'addRole'
  | 'removeRole'
  | 'resendConfirmation'
  | 'impersonate'
  | 'assignGroup'
  | 'approve'
  | 'changeStatus'
  | TVacancyAction;

type TRule = (p: TAdminPermissions, record?: Record<string, unknown>, extra?: { role?: string }) => boolean;

const userRules: Partial<Record<TAdminAction, TRule>> = {
  list: (p) => USER_RULES.list(userActor(p)),
  show: onUser(USER_RULES.show, (p) => USER_RULES.list(userActor(p))),
  create: (p) => USER_RULES.invite(userActor(p)),
  edit: onUser(USER_RULES.update, (p) => updatesUsers(userActor(p))),
  delete: onUser(USER_RULES.destroy, (p) => administers(userActor(p))),
  addRole: onUser(
    (a, t) => USER_RULES.addRole(a, t, { resourceId: a.organizationId ?? '' }),
    (p) => USER_RULES.invite(userActor(p)),
  ),
  removeRole: (p, r, extra) =>
    USER_RULES.removeRole(userActor(p), {
      targetId: String(r?.id),
      name: extra?.role ?? '',
      resourceId: p.organization?.id ?? '',
    }),
  // On top of the server's rule: the API answers 409 for an account that is not (any more) invited.
  resendConfirmation: (p, r) =>
    onUser(USER_RULES.resendConfirmation, (q) => administers(userActor(q)))(p, r) &&
    (!r || r.status === 'invited'),
  impersonate: onUser(USER_RULES.impersonate, () => false),
};

const organizationActor = (p: TAdminPermissions) => ({
  permissions: p,
  organizationId: p.organization?.id ?? null,
});
/** A rule on an organization record (a list row or a shown organization), false without one. */
const onOrganization =
  (rule: (a: TOrganizationActor, s: TOrganizationSubject) => boolean) =>
  (p: TAdminPermissions, r?: Record<string, unknown>) =>
    !!r &&
    rule(organizationActor(p), {
      current: currentFacts(p),
      target: {
        id: String(r.id),
        type: String(r.organizationType ?? r.type) as TOrganizationType,
        status: String(r.status) as TOrganizationStatus,
      },
    });

/** Content (pages, news, menus, uploads, stock images): the tenant's content editors (contracts/content/content-policy.ts). */
const contentEditor: TRule = (p) => editsContent(p, currentFacts(p));
const contentData: Partial<Record<TAdminAction, TRule>> = {
  list: contentEditor,
  show: contentEditor,
  create: contentEditor,
  edit: contentEditor,
  delete: contentEditor,
};

/** Forms and their submissions: content editors every form, a School's admins their School's (`formScope`). */
const formReader: TRule = (p) => formScope(p, currentFacts(p)) !== null;
const formData: Partial<Record<TAdminAction, TRule>> = {
  list: formReader,
  show: formReader,
  create: formReader,
  edit: formReader,
  delete: formReader,
};

const schoolData = (read: TRule): Partial<Record<TAdminAction, TRule>> => ({
  list: read,
  show: read,
  create: managesSchool,
  edit: managesSchool,
  delete: managesSchool,
});

/** The caller for the shared compliance rules (contracts/organizations/compliance.ts). */
const complianceActor = (p: TAdminPermissions) => ({ permissions: p, current: currentFacts(p) });
/** Documents are managed for the selected organization only (a record: the document's organization). */
const managesDocuments = (p: TAdminPermissions, r?: Record<string, unknown>) =>
  !!p.organization &&
  (!r || String(r.organizationId) === p.organization.id) &&
  complianceRules.manageDocuments(complianceActor(p), {
    id: p.organization.id,
    type: p.organization.type as TOrganizationType,
  });

/** A vacancy record of the data provider (camelCase) as the shared rules read it. */
export const vacancyFacts = (r: Record<string, unknown>): TVacancyFacts => ({
  organizationId: String(r.organizationId),
  status: String(r.status) as TVacancyStatus,
  hidden: r.hidden === true,
});

/**
 * Vacancies (contracts/placements/vacancy-policy.ts): the selected organization's admins manage its own,
 * moderators read every vacancy and hide or unhide other organizations'. An action needs both the
 * caller's right and the vacancy's state (`allowsAction`); without a record, whether the caller has it at all.
 */
const managesOwnVacancies: TRule = (p) => managesVacancy(p, currentFacts(p), p.organization?.id ?? '');
const vacancyAction =
  (action: TVacancyAction): TRule =>
  (p, r) => {
    if (!r)
      return action === 'hide' || action === 'unhide'
        ? moderatesVacancies(p, currentFacts(p))
        : managesOwnVacancies(p);
    const facts = vacancyFacts(r);
    return mayTakeAction(p, currentFacts(p), facts.organizationId, action) && allowsAction(facts, action);
  };
const onOwnVacancy =
  (state: (status: TVacancyStatus) => boolean): TRule =>
  (p, r) =>
    r
      ? managesVacancy(p, currentFacts(p), vacancyFacts(r).organizationId) && state(vacancyFacts(r).status)
      : managesOwnVacancies(p);
const vacancyRules: Partial<Record<TAdminAction, TRule>> = {
  list: (p) => managesOwnVacancies(p) || moderatesVacancies(p, currentFacts(p)),
  show: (p, r) =>
    r
      ? readsVacancy(p, currentFacts(p), vacancyFacts(r))
      : managesOwnVacancies(p) || moderatesVacancies(p, currentFacts(p)),
  edit: onOwnVacancy(editable),
  delete: onOwnVacancy(deletable),
  publish: vacancyAction('publish'),
  close: vacancyAction('close'),
  archive: vacancyAction('archive'),
  hide: vacancyAction('hide'),
  unhide: vacancyAction('unhide'),
};

/**
 * Workflows (issue #33, read-only here; designed in the portal): contracts' `mayDesignWorkflows` for the
 * selected School by role (its admins). A mentor a school admin granted the permission designs in the
 * portal; the back office does not ask placements for that grant.
 */
const designsWorkflows: TRule = (p) => mayDesignWorkflows(p, currentFacts(p));
const workflowData: Partial<Record<TAdminAction, TRule>> = { list: designsWorkflows, show: designsWorkflows };

const RULES: Record<string, Partial<Record<TAdminAction, TRule>>> = {
  users: userRules,
  students: {
    edit: userRules.edit!,
    show: userRules.show!,
    assignGroup: (p) => managesSchool(p),
  },
  organizations: {
    list: hasBackOffice,
    show: hasBackOffice,
    create: (p) => p.moderatedTypes.length > 0,
    approve: (p) => p.moderatedTypes.length > 0,
    edit: onOrganization(organizationRules.editProfile),
    changeStatus: onOrganization(organizationRules.changeStatus),
    delete: onOrganization(organizationRules.destroy),
  },
  groups: schoolData((p) => belongsToSchool(p) && hasBackOffice(p)),
  levels: schoolData(hasBackOffice),
  tags: schoolData(hasBackOffice),
  school_years: { list: hasBackOffice },
  internship_periods: schoolData(hasBackOffice),
  // The screen: an organization that keeps documents manages its own; content editors read everyone's.
  compliance_documents: {
    list: (p) => managesDocuments(p) || complianceRules.viewAllDocuments(complianceActor(p)),
    show: (p, r) =>
      r
        ? complianceRules.viewDocuments(complianceActor(p), String(r.organizationId))
        : managesDocuments(p) || complianceRules.viewAllDocuments(complianceActor(p)),
    create: (p) => managesDocuments(p),
    edit: managesDocuments,
    delete: managesDocuments,
  },
  compliance_requirements: {
    list: (p) => isComplianceRequirer(complianceActor(p)),
    edit: (p, r) =>
      complianceRules.setRequirements(complianceActor(p), r ? String(r.id) : (p.organization?.id ?? '')),
  },
  pages: contentData,
  vacancies: vacancyRules,
  news: contentData,
  menu_items: contentData,
  // Uploads and the stock library (everyone may read stock images; only editors get the screen).
  uploads: contentData,
  stock_images: contentData,
  forms: formData,
  form_versions: formData,
  workflow_definitions: workflowData,
  workflow_versions: workflowData,
  phase_runs: workflowData,
  // The tenant's mail templates: its approved schools' and centre's admins (contracts' rule, as notifications enforces it).
  notification_templates: {
    list: (p) => editsMailTemplates(p, currentFacts(p)),
    edit: (p) => editsMailTemplates(p, currentFacts(p)),
    delete: (p) => editsMailTemplates(p, currentFacts(p)),
  },
  // The tenant's registration at the education federation: its platform operators (as identity enforces).
  education_sso_federations: {
    list: (p) => mayConfigureFederation(p, currentFacts(p)),
    edit: (p) => mayConfigureFederation(p, currentFacts(p)),
    delete: (p) => mayConfigureFederation(p, currentFacts(p)),
  },
  mentorships: {
    list: (p) => belongsToSchool(p) && hasBackOffice(p),
    // Creating: a school admin for anyone, a mentor for themselves (the form offers only that).
    create: (p) => mentorshipRules.add(p, p.userId, { ...schoolSubject(p), mentorId: p.userId }),
    delete: (p, r) =>
      !!r &&
      mentorshipRules.remove(p, p.userId, {
        current: currentFacts(p),
        schoolId: String(r.schoolId),
        mentorId: String(r.mentorId),
      }),
  },
};

/**
 * Whether the back office offers an action. Users, organizations and school data ask the rules the
 * services' policies use (contracts/identity/users-policy.ts, contracts/organizations/
 * organizations-policy.ts and moderation.ts; services/identity/test/admin-buttons.int.test.ts and
 * services/organizations/test/admin-buttons.int.test.ts compare them with the servers), so nobody is
 * shown a button the server would refuse. The
 * server decides; its 403 shows the spec's "Access forbidden".
 */
export function canAccess(
  permissions: TAdminPermissions | undefined,
  resource: string,
  action: TAdminAction,
  record?: Record<string, unknown>,
  extra?: { role?: string },
): boolean {
  if (!permissions || !hasBackOffice(permissions)) return false;
  const rule = RULES[resource]?.[action];
  return rule ? rule(permissions, record, extra) : false;
}
