// Exports of a campaign's conversations: CSV and XLSX read back, with the evaluation's detail or not, the filters
// and the agent scope applied, every row across the export's batches, cells that could run as formulas
// neutralised, and bad input refused.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations, evaluations } from '../../../server/db/schema';
import { maxSelectedConversations } from '../../../contract/values/conversations';
import { exportBatchSize } from '../../../server/conversations/export/batches';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addEvaluationGrid, addStoredEvaluation } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

/** A conversation id named twice in a selection. */
const twice = newId();

const fixedHeaders = [
  'id',
  'type',
  'agent_id',
  'agent',
  'started_at',
  'duration_s',
  'language',
  'sentiment',
  'topics',
  'status',
  'main_score',
  'validated',
  'external_id',
];

describe.each(testDatabaseKinds)('conversation export on %s', (kind) => {
  let t: TestApp;
  let campaign: string;
  let supervisor: string;
  let agent: string;
  let outsider: string;
  const ids: Record<'call' | 'chat' | 'email', string> = { call: '', chat: '', email: '' };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Export: Île/Nord',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    ids.call = await addConversation(db, {
      campaignId: campaign,
      agentId: demoUsers.agent.id,
      type: 'call',
      startedAt: new Date('2025-03-01T09:30:00Z'),
      durationSeconds: 312,
      language: 'fr',
      sentiment: 'NEGATIVE',
      topics: ['billing', 'churn'],
      metadata: { region: 'Île-de-France', formula: '=HYPERLINK("http://evil.test")' },
      externalId: 'crm-1',
    });
    ids.chat = await addConversation(db, {
      campaignId: campaign,
      agentId: demoUsers.agent2.id,
      type: 'chat',
      startedAt: new Date('2025-03-02T10:00:00Z'),
      metadata: { channel: 'web', formula: '|cmd' },
    });
    ids.email = await addConversation(db, {
      campaignId: campaign,
      agentId: demoUsers.agent.id,
      type: 'email',
      startedAt: new Date('2025-03-03T11:00:00Z'),
    });
    const { grid, gridItem } = await addEvaluationGrid(db, campaign, demoUsers.supervisor.id);
    await addStoredEvaluation(db, {
      conversationId: ids.call,
      gridId: grid,
      mainScore: 87.5,
      itemScores: { [gridItem]: 100 },
      validatedBy: demoUsers.supervisor.id,
    });
    [supervisor, agent, outsider] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
      t.accessToken(demoUsers.supervisor2.email),
    ]);
  });
  afterAll(() => t.close());

  const download = (query: Record<string, string>, token = supervisor, id = campaign) =>
    t.app.inject({
      url: `/api/campaigns/${id}/conversations/export?${new URLSearchParams(query)}`,
      headers: bearer(token),
    });

  const csvRows = (body: Buffer) => parse(body, { bom: true }) as string[][];

  it('writes CSV: a header, one row per conversation newest first, metadata keys as columns', async () => {
    const response = await download({ format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename="Export- Ile-Nord conversations \d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(disposition).toContain("filename*=UTF-8''Export-%20%C3%8Ele-Nord%20conversations%20");
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const [header, ...rows] = csvRows(response.rawPayload);
    expect(header).toEqual([...fixedHeaders, 'metadata.channel', 'metadata.formula', 'metadata.region']);
    expect(rows.map((row) => row[0])).toEqual([ids.email, ids.chat, ids.call]);
    expect(rows[2]).toEqual([
      ids.call,
      'call',
      demoUsers.agent.id,
      demoUsers.agent.name,
      '2025-03-01T09:30:00.000Z',
      '312',
      'fr',
      'NEGATIVE',
      'billing; churn',
      'ready',
      '87.5',
      'yes',
      'crm-1',
      '',
      `'=HYPERLINK("http://evil.test")`,
      'Île-de-France',
    ]);
    expect(rows[1]?.slice(10)).toEqual(['', 'no', '', 'web', `'|cmd`, '']);
  });

  it('writes XLSX that a spreadsheet reads back, dates as dates', async () => {
    const response = await download({ format: 'xlsx', sort: 'started_at_asc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(response.headers['content-disposition'])).toMatch(/conversations \d{4}-\d{2}-\d{2}\.xlsx"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Conversations');
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...fixedHeaders, 'metadata.channel', 'metadata.formula', 'metadata.region']);
    expect(sheet?.rowCount).toBe(4);
    const first = values(2);
    expect(first.slice(0, 13)).toEqual([
      ids.call,
      'call',
      demoUsers.agent.id,
      demoUsers.agent.name,
      new Date('2025-03-01T09:30:00Z'),
      312,
      'fr',
      'NEGATIVE',
      'billing; churn',
      'ready',
      87.5,
      'yes',
      'crm-1',
    ]);
    // A string cell, never a formula, so nothing runs when the file is opened.
    expect(first[14]).toBe('=HYPERLINK("http://evil.test")');
    expect(first[15]).toBe('Île-de-France');
    expect(values(4)[0]).toBe(ids.email);
  });

  it('adds, with detail=items, each grid item’s answer, score and comment, the validator and the time', async () => {
    const { db } = t.database;
    const [stored] = await db.select().from(evaluations).where(eq(evaluations.conversationId, ids.call));
    const validatedAt = stored!.validatedAt!;
    await db
      .update(evaluations)
      .set({ items: stored!.items.map((item) => ({ ...item, comment: 'Warm, =by name' })) })
      .where(eq(evaluations.conversationId, ids.call));
    const detailHeaders = [
      'item.Greeting/Greets the customer.answer',
      'item.Greeting/Greets the customer.score',
      'item.Greeting/Greets the customer.comment',
      'validated_by',
      'validated_at',
    ];

    const [header, ...rows] = csvRows((await download({ format: 'csv', detail: 'items' })).rawPayload);
    const metadataHeaders = ['metadata.channel', 'metadata.formula', 'metadata.region'];
    expect(header).toEqual([...fixedHeaders, ...metadataHeaders, ...detailHeaders]);
    expect(rows.map((row) => row.slice(-5))).toEqual([
      ['', '', '', '', ''],
      ['', '', '', '', ''],
      ['yes', '100', 'Warm, =by name', demoUsers.supervisor.name, validatedAt.toISOString()],
    ]);

    const response = await download({ format: 'xlsx', detail: 'items' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Conversations');
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1).slice(-5)).toEqual(detailHeaders);
    const cells = values(4);
    expect(cells.slice(-5, -1)).toEqual(['yes', 100, 'Warm, =by name', demoUsers.supervisor.name]);
    expect(Math.abs((cells.at(-1) as Date).getTime() - validatedAt.getTime())).toBeLessThan(1000);
  });

  it('applies the filters', async () => {
    const filters = JSON.stringify({ types: ['call', 'email'], languages: ['fr'] });
    const [, ...rows] = csvRows((await download({ format: 'csv', filters })).rawPayload);
    expect(rows.map((row) => row[0])).toEqual([ids.call]);
  });

  it('exports a selection: only the conversations named, with the other filters and the agent scope', async () => {
    const selected = JSON.stringify({ ids: [ids.call, ids.email] });
    const [, ...rows] = csvRows((await download({ format: 'csv', filters: selected })).rawPayload);
    expect(rows.map((row) => row[0])).toEqual([ids.email, ids.call]);

    const xlsx = await download({ format: 'xlsx', detail: 'items', filters: selected });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Conversations');
    expect(sheet?.rowCount).toBe(3);
    expect((sheet?.getRow(2).values as unknown[])[1]).toBe(ids.email);

    const calls = JSON.stringify({ ids: [ids.call, ids.email], types: ['call'] });
    const [, ...narrowed] = csvRows((await download({ format: 'csv', filters: calls })).rawPayload);
    expect(narrowed.map((row) => row[0])).toEqual([ids.call]);

    // An agent naming another agent's conversation does not get it.
    const theirs = JSON.stringify({ ids: [ids.chat, ids.call] });
    const [, ...own] = csvRows((await download({ format: 'csv', filters: theirs }, agent)).rawPayload);
    expect(own.map((row) => row[0])).toEqual([ids.call]);

    // A conversation of another campaign is not in this campaign's export.
    const elsewhere = await addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'Export elsewhere',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    const other = await addConversation(t.database.db, {
      campaignId: elsewhere,
      agentId: demoUsers.agent.id,
    });
    const mixed = JSON.stringify({ ids: [other, ids.chat] });
    const [, ...mine] = csvRows((await download({ format: 'csv', filters: mixed })).rawPayload);
    expect(mine.map((row) => row[0])).toEqual([ids.chat]);

    // The largest selection fits in the request's query string.
    const largest = [ids.call, ...Array.from({ length: maxSelectedConversations - 1 }, () => newId())];
    const full = await download({ format: 'csv', filters: JSON.stringify({ ids: largest }) });
    expect(full.statusCode).toBe(200);
    expect(
      csvRows(full.rawPayload)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([ids.call]);
  });

  it('exports only an agent’s own conversations, and only their metadata keys', async () => {
    const response = await download({ format: 'csv' }, agent);
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = csvRows(response.rawPayload);
    expect(header).toEqual([...fixedHeaders, 'metadata.formula', 'metadata.region']);
    expect(rows.map((row) => row[0])).toEqual([ids.email, ids.call]);
  });

  it(`writes every row of an export longer than a batch (${exportBatchSize}), in both formats`, async () => {
    const { db } = t.database;
    const large = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Large export',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    const count = exportBatchSize * 2 + 7;
    const start = Date.UTC(2025, 0, 1);
    // Pairs share their start, so batches must continue by id within a timestamp. Two in three hold "refund".
    const rows = Array.from({ length: count }, (_, n) => ({
      id: newId(),
      campaignId: large,
      agentId: demoUsers.agent.id,
      type: 'chat' as const,
      status: 'ready' as const,
      startedAt: new Date(start + Math.floor(n / 2) * 1000),
      metadata: { n: String(n) },
      searchText: n % 3 === 0 ? 'invoice' : 'refund',
    }));
    await db.insert(conversations).values(rows);

    const csv = await download({ format: 'csv', sort: 'started_at_asc' }, supervisor, large);
    const [, ...exported] = csvRows(csv.rawPayload);
    const inOrder = [...rows].sort(
      (a, b) => a.startedAt.getTime() - b.startedAt.getTime() || (a.id < b.id ? -1 : 1),
    );
    expect(exported.map((row) => row[0])).toEqual(inOrder.map((row) => row.id));

    const xlsx = await download({ format: 'xlsx' }, supervisor, large);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Conversations')?.rowCount).toBe(count + 1);

    const searched = await download(
      { format: 'csv', sort: 'started_at_asc', filters: JSON.stringify({ q: 'refund' }) },
      supervisor,
      large,
    );
    const [, ...found] = csvRows(searched.rawPayload);
    const refunds = inOrder.filter((row) => row.searchText === 'refund').map((row) => row.id);
    expect(refunds.length).toBeGreaterThan(exportBatchSize);
    expect(found.map((row) => row[0])).toEqual(refunds);
  });

  it.each([
    ['an unknown format', { format: 'pdf' }],
    ['an unknown detail', { detail: 'everything' }],
    ['malformed filters', { filters: '{"types":' }],
    ['an unknown filter', { filters: '{"colour":"red"}' }],
    ['an empty selection', { filters: '{"ids":[]}' }],
    ['a selection of something else than ids', { filters: '{"ids":["not-an-id"]}' }],
    ['a conversation selected twice', { filters: JSON.stringify({ ids: [twice, twice] }) }],
    [
      `a selection over ${maxSelectedConversations}`,
      {
        filters: JSON.stringify({ ids: Array.from({ length: maxSelectedConversations + 1 }, () => newId()) }),
      },
    ],
  ])('refuses %s with 400', async (_name, query) => {
    expect((await download(query)).statusCode).toBe(400);
  });

  it('refuses non-members (403) and unknown campaigns (404)', async () => {
    expect((await download({}, outsider)).statusCode).toBe(403);
    expect((await download({}, supervisor, newId())).statusCode).toBe(404);
  });
});
