// The SQL of an export's evaluation detail: the evaluations of a batch of conversations, with their validators' names.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { evaluations, users } from '../../db/schema';

/** The evaluations of the conversations (those that have one): their answers, and who validated them. */
export function evaluationDetailsOf(db: Database, conversationIds: string[]) {
  return db
    .select({
      conversationId: evaluations.conversationId,
      items: evaluations.items,
      validatorName: users.name,
    })
    .from(evaluations)
    .leftJoin(users, eq(users.id, evaluations.validatedBy))
    .where(inArray(evaluations.conversationId, conversationIds));
}
