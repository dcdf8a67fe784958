// Filters (spec §3, §4): every path of its graph, and what is saved, loaded and cleared as the user moves.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { filtersGraph, fixtures } from './support/machine-graphs';
import {
  filtersMachine,
  type FiltersInput,
  type SetCampaignFilters,
} from '../../src/machines/filters/machine';
import { selectCampaignFilters, selectWalkFilters } from '../../src/machines/filters/selectors';
import { testGraph } from './graph-tests';

function startFilters(input: FiltersInput) {
  const actions = {
    saveHomeFilters: vi.fn(),
    saveCampaignFilters: vi.fn(),
    loadCampaignFilters: vi.fn(),
    removeStoredFilters: vi.fn(),
    restoreDefaultFilters: vi.fn(),
  };
  const actor = createActor(filtersMachine.provide({ actions }), { input }).start();
  return { actor, ...actions, outcomes: {} };
}

const savedCampaignFilters = { topics: ['topic-1'], validators: ['user-1'] };
const defaultHome = { ...fixtures.homeFilters, timeRange: { start: 1_700_000_000, end: 1_702_000_000 } };

const input: FiltersInput = { home: fixtures.homeFilters };

type FiltersActor = ReturnType<typeof startFilters>['actor'];

/** Enters a campaign and answers the read of its saved filters, as the provider does at once. */
function enterCampaign(actor: FiltersActor, campaignId: string, saved: SetCampaignFilters = {}) {
  actor.send({ type: 'campaign.enter', campaignId });
  actor.send({ type: 'storage.campaignFiltersRead', campaignId, filters: saved });
}

testGraph(filtersGraph, startFilters);

describe('filters rules', () => {
  it('home.update saves the home filters merged with the update', () => {
    const { actor, saveHomeFilters } = startFilters(input);
    actor.send({ type: 'home.update', filters: { agents: ['agent-1'] } });
    actor.send({ type: 'home.update', filters: { campaigns: ['campaign-1'] } });
    const merged = { ...fixtures.homeFilters, agents: ['agent-1'], campaigns: ['campaign-1'] };
    expect(saveHomeFilters).toHaveBeenCalledTimes(2);
    expect(saveHomeFilters).toHaveBeenLastCalledWith(expect.anything(), { filters: merged });
    expect(actor.getSnapshot().context.home).toEqual(merged);
  });

  it('campaign.enter loads the saved filters of that campaign, once per campaign entered', () => {
    const { actor, loadCampaignFilters } = startFilters(input);
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-1' });
    expect(actor.getSnapshot().value).toEqual({
      Campaign: { InCampaign: 'ReadingSavedFilters' },
      Walk: 'NotWalking',
    });
    expect(loadCampaignFilters).toHaveBeenCalledWith(expect.anything(), { campaignId: 'campaign-1' });
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-1' });
    expect(loadCampaignFilters).toHaveBeenCalledTimes(1);
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-2' });
    expect(loadCampaignFilters).toHaveBeenCalledTimes(2);
    expect(loadCampaignFilters).toHaveBeenLastCalledWith(expect.anything(), { campaignId: 'campaign-2' });
    expect(actor.getSnapshot().context.campaignId).toBe('campaign-2');
  });

  it('the saved filters read for the campaign entered apply; those read for another campaign are ignored', () => {
    const { actor } = startFilters(input);
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-1' });
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-2',
      filters: savedCampaignFilters,
    });
    expect(actor.getSnapshot().context.campaign).toEqual({});
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    expect(actor.getSnapshot().context.campaign).toEqual(savedCampaignFilters);
  });

  it('the default home filters read after a reset replace the home filters', () => {
    const { actor } = startFilters(input);
    actor.send({ type: 'home.update', filters: { agents: ['agent-1'] } });
    actor.send({ type: 'filters.reset' });
    actor.send({ type: 'defaults.homeFiltersRead', home: defaultHome });
    expect(actor.getSnapshot().context.home).toEqual(defaultHome);
  });

  it('an action the app did not provide throws instead of doing nothing', () => {
    const actor = createActor(filtersMachine, { input });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'home.update', filters: { agents: ['agent-1'] } });
    expect(String(errors[0])).toContain('saveHomeFilters is not implemented');
  });

  it('campaign.update saves the campaign filters, merged, under the campaign entered', () => {
    const { actor, saveCampaignFilters } = startFilters(input);
    actor.send({ type: 'campaign.update', filters: { topics: ['ignored'] } });
    expect(saveCampaignFilters).not.toHaveBeenCalled();
    enterCampaign(actor, 'campaign-1');
    actor.send({ type: 'campaign.update', filters: { topics: ['topic-1'] } });
    actor.send({ type: 'campaign.update', filters: { validators: ['user-1'] } });
    expect(saveCampaignFilters).toHaveBeenLastCalledWith(expect.anything(), {
      campaignId: 'campaign-1',
      filters: { topics: ['topic-1'], validators: ['user-1'] },
    });
  });

  it('campaign.leave clears the campaign filters without touching the saved ones', () => {
    const { actor, saveCampaignFilters, removeStoredFilters } = startFilters(input);
    enterCampaign(actor, 'campaign-1');
    actor.send({ type: 'campaign.update', filters: { topics: ['topic-1'] } });
    actor.send({ type: 'campaign.leave' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ Campaign: 'OutsideCampaigns', Walk: 'NotWalking' });
    expect(snapshot.context.campaignId).toBeNull();
    expect(snapshot.context.campaign).toEqual({});
    expect(saveCampaignFilters).toHaveBeenCalledTimes(1);
    expect(removeStoredFilters).not.toHaveBeenCalled();
  });

  it.each([
    ['outside campaigns', []],
    ['in a campaign', [{ type: 'campaign.enter', campaignId: 'campaign-1' } as const]],
  ])('filters.reset removes every stored filter and restores the defaults (%s)', (_, before) => {
    const { actor, removeStoredFilters, restoreDefaultFilters } = startFilters(input);
    for (const event of before) actor.send(event);
    actor.send({ type: 'filters.reset' });
    expect(removeStoredFilters).toHaveBeenCalledTimes(1);
    expect(restoreDefaultFilters).toHaveBeenCalledTimes(1);
    expect(removeStoredFilters.mock.invocationCallOrder[0]).toBeLessThan(
      restoreDefaultFilters.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('switching to another campaign starts from no filters before its saved ones load, and reset clears them', () => {
    const { actor } = startFilters(input);
    enterCampaign(actor, 'campaign-1');
    actor.send({ type: 'campaign.update', filters: { topics: ['topic-1'] } });
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-2' });
    expect(actor.getSnapshot().context.campaign).toEqual({});
    actor.send({ type: 'storage.campaignFiltersRead', campaignId: 'campaign-2', filters: {} });
    actor.send({ type: 'campaign.update', filters: { topics: ['topic-2'] } });
    actor.send({ type: 'filters.reset' });
    expect(actor.getSnapshot().context.campaign).toEqual({});
  });

  it('keeps the conversation list filters with the campaign filters', () => {
    const { actor, saveCampaignFilters } = startFilters(input);
    const listFilters = { types: ['call' as const], q: 'refund', started_after: 1_700_000_000 };
    enterCampaign(actor, 'campaign-1', { topics: ['topic-1'] });
    actor.send({ type: 'campaign.update', filters: listFilters });
    expect(saveCampaignFilters).toHaveBeenLastCalledWith(expect.anything(), {
      campaignId: 'campaign-1',
      filters: { topics: ['topic-1'], ...listFilters },
    });
  });

  it('lists wait for the saved filters of the campaign entered: none are given before they are read', () => {
    const { actor, saveCampaignFilters } = startFilters(input);
    const campaignOne = selectCampaignFilters('campaign-1');
    expect(campaignOne(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-1' });
    expect(campaignOne(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'campaign.update', filters: { topics: ['too-early'] } });
    expect(saveCampaignFilters).not.toHaveBeenCalled();
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    expect(campaignOne(actor.getSnapshot())).toEqual(savedCampaignFilters);
    expect(selectCampaignFilters('campaign-2')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-2' });
    expect(campaignOne(actor.getSnapshot())).toBeNull();
  });

  it('a reset while the saved filters are read leaves the campaign without filters, whatever is read after', () => {
    const { actor } = startFilters(input);
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-1' });
    actor.send({ type: 'filters.reset' });
    expect(selectCampaignFilters('campaign-1')(actor.getSnapshot())).toEqual({});
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    expect(actor.getSnapshot().context.campaign).toEqual({});
  });
});

describe('the filters of a walk through a campaign list', () => {
  it('walk.follow reads the saved filters of the campaign walked, once while the walk steps on', () => {
    const { actor, loadCampaignFilters } = startFilters(input);
    const walked = selectWalkFilters('campaign-1');
    actor.send({ type: 'walk.follow', campaignId: 'campaign-1' });
    expect(loadCampaignFilters).toHaveBeenCalledWith(expect.anything(), { campaignId: 'campaign-1' });
    expect(walked(actor.getSnapshot())).toBeNull();
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    expect(walked(actor.getSnapshot())).toEqual(savedCampaignFilters);
    actor.send({ type: 'campaign.leave' });
    actor.send({ type: 'walk.follow', campaignId: 'campaign-1' });
    expect(loadCampaignFilters).toHaveBeenCalledTimes(1);
    expect(walked(actor.getSnapshot())).toEqual(savedCampaignFilters);
  });

  it("the walk's filters leave the campaign's alone, and those read for another campaign are ignored", () => {
    const { actor } = startFilters(input);
    enterCampaign(actor, 'campaign-2', { topics: ['topic-2'] });
    actor.send({ type: 'walk.follow', campaignId: 'campaign-1' });
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-2',
      filters: { topics: ['other'] },
    });
    expect(selectWalkFilters('campaign-1')(actor.getSnapshot())).toBeNull();
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    expect(selectWalkFilters('campaign-1')(actor.getSnapshot())).toEqual(savedCampaignFilters);
    expect(selectWalkFilters('campaign-2')(actor.getSnapshot())).toBeNull();
    expect(selectCampaignFilters('campaign-2')(actor.getSnapshot())).toEqual({ topics: ['topic-2'] });
  });

  it('a walk through another campaign reads that one; entering a campaign makes the next walk read again', () => {
    const { actor, loadCampaignFilters } = startFilters(input);
    actor.send({ type: 'walk.follow', campaignId: 'campaign-1' });
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    actor.send({ type: 'walk.follow', campaignId: 'campaign-2' });
    expect(loadCampaignFilters).toHaveBeenLastCalledWith(expect.anything(), { campaignId: 'campaign-2' });
    expect(selectWalkFilters('campaign-1')(actor.getSnapshot())).toBeNull();
    expect(selectWalkFilters('campaign-2')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'storage.campaignFiltersRead', campaignId: 'campaign-2', filters: {} });
    // The list page may change the saved filters: the walk that follows must not keep its old copy.
    actor.send({ type: 'campaign.enter', campaignId: 'campaign-2' });
    expect(selectWalkFilters('campaign-2')(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'campaign.leave' });
    actor.send({ type: 'walk.follow', campaignId: 'campaign-2' });
    expect(loadCampaignFilters).toHaveBeenLastCalledWith(expect.anything(), { campaignId: 'campaign-2' });
    expect(loadCampaignFilters).toHaveBeenCalledTimes(4);
  });

  it('a reset leaves the walk without filters, whatever is read after, and removes the stored ones once', () => {
    const { actor, removeStoredFilters, restoreDefaultFilters } = startFilters(input);
    actor.send({ type: 'walk.follow', campaignId: 'campaign-1' });
    actor.send({ type: 'filters.reset' });
    expect(selectWalkFilters('campaign-1')(actor.getSnapshot())).toEqual({});
    actor.send({
      type: 'storage.campaignFiltersRead',
      campaignId: 'campaign-1',
      filters: savedCampaignFilters,
    });
    expect(selectWalkFilters('campaign-1')(actor.getSnapshot())).toEqual({});
    expect(removeStoredFilters).toHaveBeenCalledTimes(1);
    expect(restoreDefaultFilters).toHaveBeenCalledTimes(1);
  });
});
