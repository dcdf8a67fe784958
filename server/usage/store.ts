// Writing usage events. Callers write them in the transaction that commits the work they count (a job's
// completion), so an attempt that dies before it commits counts nothing and a run is never counted twice.
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { usageEvents } from '../db/schema';
import { unitOfKind, type UsageFeature, type UsageKind } from './kinds';

export interface UsageEvent {
  organisationId: string;
  campaignId: string | null;
  conversationId: string | null;
  kind: UsageKind;
  feature: UsageFeature;
  engine: string;
  model: string | null;
  quantity: number;
  tokensIn?: number;
  tokensOut?: number;
}

export async function recordUsage(db: Database, events: readonly UsageEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(usageEvents)
    .values(events.map((event) => ({ id: newId(), unit: unitOfKind[event.kind], ...event })));
}
