import { z } from "zod";
import { ZPageLimit } from "~/domain/model-schema";
import { ZUuid } from "~/domain/uuid";

/**
 * The kinds of event the audit log records (docs/security.md §Audit log). A new kind is one more entry here (and its
 * label in the message catalogues, `auditLog.types`): the log stores the name, the page and the filters read this
 * list, nothing else needs to know them. Browser safe.
 */
export const AUDIT_EVENT_TYPES = [
  "member.added",
  "member.roleChanged",
  "member.suspended",
  "member.removed",
  "member.reinstated",
  "invitation.created",
  "invitation.revoked",
  "apiKey.created",
  "apiKey.revoked",
  "accessGrant.created",
  "accessGrant.revoked",
  "partnerGrant.created",
  "partnerGrant.ended",
  "settings.changed",
  "signingKey.rotated",
  "passport.restrictedRead",
] as const;

export const ZAuditEventType = z.enum(AUDIT_EVENT_TYPES, { error: `type must be one of ${AUDIT_EVENT_TYPES.join(", ")}` });
export type TAuditEventType = z.infer<typeof ZAuditEventType>;

/** How long audit events are kept: whole years, 10 unless the organization sets another period. */
export const AUDIT_RETENTION_YEARS = { min: 1, max: 100, default: 10 } as const;

export const ZAuditRetentionYears = z
  .number({ error: "Give the audit log's retention as a whole number of years" })
  .int({ error: "Give the audit log's retention as a whole number of years" })
  .min(AUDIT_RETENTION_YEARS.min, { error: `Keep the audit log at least ${AUDIT_RETENTION_YEARS.min} year` })
  .max(AUDIT_RETENTION_YEARS.max, { error: `Give at most ${AUDIT_RETENTION_YEARS.max} years` });

/** `?type=a,b`: the event types to list, comma-separated. */
const ZTypeList = z
  .string()
  .max(1000)
  .transform((value) => value.split(",").filter((entry) => entry !== ""))
  .pipe(z.array(ZAuditEventType).max(AUDIT_EVENT_TYPES.length));

/** `GET /api/organizations/{orgaId}/audit-log?type=&from=&to=&limit=&cursor=`. */
export const ZAuditLogQuery = z.strictObject({
  type: ZTypeList.optional(),
  from: z.iso.datetime({ offset: true, error: "from must be an ISO 8601 date and time" }).optional(),
  to: z.iso.datetime({ offset: true, error: "to must be an ISO 8601 date and time" }).optional(),
  limit: ZPageLimit,
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(1024).optional(),
});
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogInput = ZAuditLogQuery.extend({ organizationId: ZUuid });

export const ZAuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  type: ZAuditEventType,
  actor: z.object({
    kind: z.enum(["session", "apiKey", "operator"]),
    userId: z.string().nullable(),
    /** The user's name and email when the account still exists. */
    name: z.string().nullable(),
    email: z.string().nullable(),
    apiKeyId: z.string().nullable(),
  }),
  subject: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZAuditLogPage = z.object({ items: z.array(ZAuditEvent), nextCursor: z.string().nullable() });
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;
