// Coaching without a database: who coaches whom and may read, write or acknowledge a plan; and the plan form's
// model (what a new plan sends, and only the changes for an existing one, focus items only when they changed).
import { describe, expect, it } from 'vitest';
import type { CoachingPlan } from '../../contract/coaching';
import {
  assertCanAcknowledgePlan,
  assertCanReadPlan,
  assertCanWritePlan,
  canCoach,
  isCoachingUser,
} from '../../server/domain/access/coaching';
import { Forbidden, NotFound } from '../../server/errors';
import { organisationId, otherOrganisationId, principal, userRecord } from '../fixtures/principals';
import {
  newPlanOf,
  planChangesOf,
  planFormOf,
  planFormSchema,
} from '../../src/views/pages/coaching/plan-form';

const coachingUsers = ['coach@example.test', 'listed-agent'];
const coach = userRecord('coach');
const otherSupervisor = userRecord('other-supervisor');
const foreignCoach = userRecord('coach', { organisationId: otherOrganisationId });
const agent = userRecord('agent', { role: 'agent' });
const colleague = userRecord('colleague', { role: 'agent' });
const listedAgent = userRecord('listed-agent', { role: 'agent' });
const admin = userRecord('admin', { isAdmin: true, organisationId: null });
const plan = { organisationId, agentId: agent.id };

describe('coaching access', () => {
  it('knows the coaching users by email (any case) or id', () => {
    expect(isCoachingUser(coachingUsers, userRecord('x', { email: 'Coach@Example.test' }))).toBe(true);
    expect(isCoachingUser(coachingUsers, listedAgent)).toBe(true);
    expect(isCoachingUser(coachingUsers, otherSupervisor)).toBe(false);
  });

  it("lets coaching users coach their organisation's agents, admins everyone", () => {
    expect(canCoach(coachingUsers, coach, agent)).toBe(true);
    expect(canCoach(coachingUsers, foreignCoach, agent)).toBe(false);
    expect(canCoach(coachingUsers, otherSupervisor, agent)).toBe(false);
    expect(canCoach(coachingUsers, admin, agent)).toBe(true);
    // A listed agent sees no other agent's work, so coaches no one else.
    expect(canCoach(coachingUsers, listedAgent, colleague)).toBe(false);
  });

  it('lets the coaches and the agent read a plan, 404 to anyone else', () => {
    for (const reader of [coach, admin, agent]) {
      expect(() => assertCanReadPlan(principal(reader), coachingUsers, plan)).not.toThrow();
    }
    for (const stranger of [otherSupervisor, foreignCoach, colleague]) {
      expect(() => assertCanReadPlan(principal(stranger), coachingUsers, plan)).toThrow(NotFound);
    }
  });

  it('lets only the coaches write it (the agent gets 403) and only the agent acknowledge it', () => {
    expect(() => assertCanWritePlan(principal(coach), coachingUsers, plan)).not.toThrow();
    expect(() => assertCanWritePlan(principal(agent), coachingUsers, plan)).toThrow(Forbidden);
    expect(() => assertCanWritePlan(principal(colleague), coachingUsers, plan)).toThrow(NotFound);
    expect(() => assertCanAcknowledgePlan(principal(agent), coachingUsers, plan)).not.toThrow();
    expect(() => assertCanAcknowledgePlan(principal(coach), coachingUsers, plan)).toThrow(Forbidden);
    expect(() => assertCanAcknowledgePlan(principal(admin), coachingUsers, plan)).toThrow(Forbidden);
    expect(() => assertCanAcknowledgePlan(principal(colleague), coachingUsers, plan)).toThrow(NotFound);
  });
});

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const stored: CoachingPlan = {
  id: id(1),
  organisation_id: organisationId,
  agent: { id: agent.id, name: 'Agent' },
  created_by: { id: coach.id, name: 'Coach' },
  title: 'Offer and closing',
  status: 'open',
  notes: 'Name the offer.',
  started_at: Date.UTC(2026, 10, 2) / 1000,
  acknowledged_at: null,
  created_at: 0,
  updated_at: 0,
  focus_items: [
    {
      campaign_id: id(2),
      campaign_name: 'Care',
      item_id: id(3),
      item_name: 'Names the offer',
      section_name: 'Call',
      target_score: 80,
      due_date: '2026-12-31',
    },
  ],
  examples: [],
};

describe('the plan form', () => {
  it('sends a new plan starting at the beginning (UTC) of its day, empty goals as null', () => {
    const form = { ...planFormOf(stored), title: '  New  ' };
    form.focusItems = [{ ...form.focusItems[0]!, target: '', due_date: '' }];
    expect(newPlanOf(agent.id, form)).toEqual({
      agent_id: agent.id,
      title: 'New',
      notes: 'Name the offer.',
      started_at: Date.UTC(2026, 10, 2) / 1000,
      focus_items: [{ campaign_id: id(2), item_id: id(3), target_score: null, due_date: null }],
    });
  });

  it('sends only what changed, the focus items only when a goal or an item changed', () => {
    const before = planFormOf(stored);
    expect(planChangesOf(before, { ...before, notes: 'Well done', status: 'done' })).toEqual({
      notes: 'Well done',
      status: 'done',
    });
    const retargeted = { ...before, focusItems: [{ ...before.focusItems[0]!, target: '90' }] };
    expect(planChangesOf(before, retargeted)).toEqual({
      focus_items: [{ campaign_id: id(2), item_id: id(3), target_score: 90, due_date: '2026-12-31' }],
    });
    expect(planChangesOf(before, { ...before, startedOn: '2026-11-09' })).toEqual({
      started_at: Date.UTC(2026, 10, 9) / 1000,
    });
  });

  it('refuses a target outside 0–100 and an empty title', () => {
    const before = planFormOf(stored);
    const result = planFormSchema.safeParse({
      ...before,
      title: ' ',
      focusItems: [{ ...before.focusItems[0]!, target: '120' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual([
      'coaching.form.targetRange',
      'validation.required',
    ]);
  });
});
