// The audit log's enumerations as plain values (decision 0203): who acts, what they do and on what.

export const auditActorTypes = ['user', 'api_key', 'scim', 'system'] as const;

/** Every action the log records (decision 0226 lists where each is written). */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.refresh_reuse_detected',
  'auth.impersonation_started',
  'user.invited',
  'user.role_changed',
  'user.policy_changed',
  'user.status_changed',
  'campaign_member.added',
  'campaign_member.changed',
  'campaign_member.removed',
  'evaluation_grid.published',
  'evaluation.answer_changed',
  'evaluation.validated',
  'evaluation.unvalidated',
  'export.conversations',
  'export.usage',
  'export.audit_log',
  'api_key.created',
  'api_key.revoked',
  'api_key.write_used',
  'audit_log.purged',
] as const;

export const auditTargetTypes = [
  'user',
  'organisation',
  'campaign',
  'conversation',
  'evaluation_grid',
  'api_key',
] as const;
