// The authorization matrix: every route the server registers × every kind of caller × an object of the demo
// organisation ("home") and one of another organisation ("away") → the expected status. Only who gets in is
// checked here; what the routes do is tested with each route module.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlert } from '../../../server/alerts/store';
import { createApiKey } from '../../../server/api-keys/service';
import { systemSource } from '../../../server/audit-log/source';
import { insertPlan, putExample, replaceFocusItems } from '../../../server/coaching/store';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { testDatabaseKinds } from '../../fixtures/databases';
import { multipartForm, wavTone } from '../../fixtures/audio';
import { multipartFile, pngImage } from '../../fixtures/images';
import {
  addAudioCall,
  addCampaign,
  addConversation,
  addEvaluation,
  addEvaluationGrid,
  addNotification,
  addOrganisation,
  addUser,
  turn,
  type Member,
} from '../../fixtures/records';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';
import { createCustomAnalysis } from '../../../server/custom-analyses/service';
import { pipeline } from '../../../server/jobs/pipeline';
import { assignByHand } from '../../../server/reviews/assignments-store';
import { insertTestCall } from '../../../server/test-calls/store';

/**
 * The callers, one column each:
 * - anon: no token
 * - agent: agent@demo.local, viewer of the home campaign
 * - sup: supervisor@demo.local, every user permission, viewer of the home campaign
 * - sup2: supervisor2@demo.local, no permission, not a member
 * - owner, ed+, ed-, viewer: supervisors without user permissions, owner / editor with can_edit_settings and
 *   can_manage_users / editor without flags / viewer of the home campaign
 * - other: the supervisor of "Other Org", every user permission, owner of the away campaign
 * - admin: admin@demo.local
 * A last column is not written: an admin logged in as supervisor2 (POST /auth/token) must get what sup2 gets.
 */
const matrix = `
  route                                               object anon agent sup  sup2 owner ed+  ed-  viewer other admin
  GET    /api/health                                  -      200  200   200  200  200   200  200  200    200   200
  GET    /api/files/:key                              -      403  403   403  403  403   403  403  403    403   403
  GET    /api/users/me                                -      401  200   200  200  200   200  200  200    200   200
  GET    /api/users/me/organisation                   -      401  200   200  200  200   200  200  200    200   200
  GET    /api/users                                   -      401  403   403  403  403   403  403  403    403   200
  POST   /api/users/invite                            -      401  403   201  403  403   403  403  403    201   201
  GET    /api/users/:id                               home   401  403   200  200  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PATCH  /api/users/:id                               home   401  403   403  403  403   403  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    403   200
  GET    /api/users/:id/campaigns                     home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/notifications                           -      401  200   200  200  200   200  200  200    200   200
  PUT    /api/notifications/:id/read                  home   401  404   204  404  404   404  404  404    404   404
                                                      away   401  404   404  404  404   404  404  404    204   404
  GET    /api/alerts                                  home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/alerts                                  home   401  403   403  403  201   201  403  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  GET    /api/alerts/:id                              home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PATCH  /api/alerts/:id                              home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/alerts/:id                              home   401  403   403  403  204   204  403  403    404   204
                                                      away   401  404   404  404  404   404  404  404    204   204
  GET    /api/reviews/assignments                     home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  POST   /api/reviews/assignments                     home   401  403   403  403  201   201  403  403    404   201
                                                      away   401  403   404  404  404   404  404  404    201   201
  PATCH  /api/reviews/assignments/:id                 home   401  403   404  404  200   200  404  404    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  POST   /api/reviews/assignments/reassign            home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  GET    /api/reviews/progress                        -      401  403   200  200  200   200  200  200    200   200
  GET    /api/reviews/team                            home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  GET    /api/coaching/plans                          home   401  200   200  404  404   404  404  404    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/coaching/plans                          home   401  403   201  404  404   404  404  404    404   201
                                                      away   401  403   404  404  404   404  404  404    201   201
  GET    /api/coaching/plans/:id                      home   401  200   200  404  404   404  404  404    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PATCH  /api/coaching/plans/:id                      home   401  403   200  404  404   404  404  404    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  DELETE /api/coaching/plans/:id                      home   401  403   204  404  404   404  404  404    404   204
                                                      away   401  403   404  404  404   404  404  404    204   204
  POST   /api/coaching/plans/:id/acknowledge          home   401  200   403  404  404   404  404  404    404   403
                                                      away   401  404   404  404  404   404  404  404    403   403
  GET    /api/coaching/plans/:id/progress             home   401  200   200  404  404   404  404  404    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/coaching/plans/:id/examples/:conversationId home 401 403 200 404 404 404 404 404 404 200
                                                      away   401  403   404  404  404   404  404  404    200   200
  DELETE /api/coaching/plans/:id/examples/:conversationId home 401 403 204 404 404 404 404 404 404 204
                                                      away   401  403   404  404  404   404  404  404    204   204
  GET    /api/coaching/suggestions                    home   401  403   200  404  404   404  404  404    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  GET    /api/conversations/:id/discussion            home   401  200   200  404  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/conversations/:id/discussion/message    home   401  201   201  404  201   201  201  201    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  GET    /api/conversations/:id                       home   401  200   200  404  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PATCH  /api/conversations/:id                       home   401  403   403  404  200   200  200  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/conversations/:id                       home   401  403   403  404  204   204  204  403    404   204
                                                      away   401  404   404  404  404   404  404  404    204   204
  GET    /api/conversations/export/:id                home   401  200   200  404  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/calls/:id/transcript                    home   401  403   403  404  200   200  200  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/calls/:id/audio/download-url            home   401  200   200  404  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/calls/:id/transcription/launch          home   401  403   403  404  202   202  202  403    404   202
                                                      away   401  404   404  404  404   404  404  404    202   202
  GET    /api/conversations/:id/translation           home   401  200   200  404  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/filters                      -      401  200   200  200  200   200  200  200    200   200
  GET    /api/campaigns                               -      401  200   200  200  200   200  200  200    200   200
  POST   /api/campaigns                               -      401  403   201  403  403   403  403  403    201   201
  GET    /api/campaigns-metadatas                     -      401  200   200  200  200   200  200  200    200   200
  GET    /api/campaigns/:id                           home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PATCH  /api/campaigns/:id                           home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/campaigns/:id                           home   401  403   403  403  204   403  403  403    404   204
                                                      away   401  404   404  404  404   404  404  404    204   204
  POST   /api/campaigns/:id/duplicate                 home   401  403   201  403  403   403  403  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  POST   /api/campaigns/:id/logo                      home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/campaigns/:id/conversations             home   401  403   403  403  201   201  201  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  POST   /api/campaigns/:id/conversations/batch       home   401  403   403  403  200   200  200  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/calls/audio                             home   401  403   403  403  201   201  201  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  GET    /api/campaigns/:id/conversations             home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/conversations/count       home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/conversations/metadata    home   401  200   200  403  200   200  200  200    404   200
  GET    /api/campaigns/:id/conversations/validators  home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/conversations/export      home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/topics                    home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/campaigns/:id/topics                    home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/review-rules              home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/campaigns/:id/review-rules              home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/reviewers                 home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/conversation-phases       home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/campaigns/:id/conversation-phases       home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/custom-analyses           home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/campaigns/:id/custom-analyses           home   401  403   403  403  201   201  403  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  PATCH  /api/custom-analyses/:id                     home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/custom-analyses/:id                     home   401  403   403  403  204   204  403  403    404   204
                                                      away   401  404   404  404  404   404  404  404    204   204
  GET    /api/campaigns/:id/evaluation-grid           home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/conversations/:id/evaluation/validate   home   401  403   403  404  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/conversations/:id/evaluation/validate   home   401  403   403  404  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/conversations/:id/evaluation/items/:itemId home 401 403 403 404 200 200 403 403 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/conversations/:id/evaluation/items/:itemId/comment home 401 403 403 404 200 200 403 403 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/campaigns/:id/evaluation-items/:itemId/updates home 401 200 200 403 200 200 200 200 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/custom-analyses/details home 401 200 200 403 200 200 200 200 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/custom-analyses-free-text/:id home 401 200 200 403 200 200 200 200 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/evaluations/items/validation-stats home 401 200 200 403 200 200 200 200 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/phases/average-duration home  401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/kpis                  home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/score/evolution       home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/score/distribution    home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/agents/performance    home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/type-proportion       home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/topics/analysis       home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/dashboards/graphs/evaluations/items/details home 401 200 200 403 200 200 200 200 404 200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/conversations/:id/evaluation/launch     home   401  403   403  404  202   202  403  403    404   202
                                                      away   401  404   404  404  404   404  404  404    202   202
  POST   /api/conversations/:id/evaluation/items/:itemId/launch home 401 403 403 404 202 202 403 403 404 202
                                                      away   401  404   404  404  404   404  404  404    202   202
  POST   /api/evaluation-grids/item/test              -      401  200   200  200  200   200  200  200    200   200
  PATCH  /api/evaluation-grids/:id                    home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/evaluation-grids/:id/golden-set-check   home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/evaluation-grids/:id/draft              home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  PUT    /api/evaluation-grids/:id/draft              home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/evaluation-grids/:id/draft              home   401  403   403  403  204   204  403  403    404   204
                                                      away   401  404   404  404  404   404  404  404    204   204
  GET    /api/evaluation-grids/:id/items/:itemId      home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/evaluation-grids/:id/versions           home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/evaluation-grids/:id/versions/:version  home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/users/me/role             home   401  200   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/users                     home   401  403   200  403  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  POST   /api/campaigns/:id/users                     home   401  403   403  403  201   201  403  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  PUT    /api/campaigns/:id/users/:userId/role        home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  DELETE /api/campaigns/:id/users/:userId             home   401  403   403  403  204   204  403  403    404   204
                                                      away   401  404   404  404  404   404  404  404    204   204
  POST   /api/campaigns/:id/test-calls                home   401  403   403  403  201   201  403  403    404   201
                                                      away   401  404   404  404  404   404  404  404    201   201
  GET    /api/campaigns/:id/test-calls                home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/campaigns/:id/test-calls/:testId        home   401  403   403  403  200   200  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/organisations                           -      401  403   403  403  403   403  403  403    403   200
  POST   /api/organisations                           -      401  403   403  403  403   403  403  403    403   201
  GET    /api/organisations/:id                       home   401  403   200  200  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/organisations/:id/users                 home   401  403   200  200  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/organisations/:id/campaigns             home   401  403   403  403  403   403  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    403   200
  POST   /api/organisations/:id/campaigns             home   401  403   403  403  403   403  403  403    404   201
                                                      away   401  404   404  404  404   404  404  404    403   201
  POST   /api/organisations/:id/users/invite          home   401  403   201  403  403   403  403  403    404   201
                                                      away   401  403   404  404  404   404  404  404    201   201
  GET    /api/admin/kpis                              home   401  403   403  403  403   403  403  403    403   200
                                                      away   401  403   403  403  403   403  403  403    403   200
  GET    /api/organisations/:id/usage                 home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/organisations/:id/usage/export          home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/conversations/:id/evaluation            home   401  200   200  404  200   200  200  200    404   200
                                                      away   401  404   404  404  404   404  404  404    200   200
  GET    /api/audit-log                               home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  GET    /api/audit-log/export                        home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  GET    /api/audit-log/verify                        home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  GET    /api/organisations/:id/api-keys              home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
  POST   /api/organisations/:id/api-keys              home   401  403   201  403  403   403  403  403    404   201
                                                      away   401  403   404  404  404   404  404  404    201   201
  DELETE /api/organisations/:id/api-keys/:keyId       home   401  403   200  403  403   403  403  403    404   200
                                                      away   401  403   404  404  404   404  404  404    200   200
`;

/** Registered routes that have no row, each with the reason. */
const exempt: { pattern: RegExp; reason: string }[] = [
  { pattern: /^HEAD /, reason: "Fastify's automatic twin of a GET route, answered by the same handler" },
  { pattern: /^GET \/healthz$/, reason: 'liveness probe for the process manager; reveals nothing' },
  {
    pattern: /^(GET|POST) \/auth\//,
    reason:
      'the login service: HTML pages and endpoints authenticated by the refresh cookie, never by a bearer ' +
      'token (login, sessions, impersonation and invitations tests)',
  },
  { pattern: /^GET \/api\/docs($|\/)/, reason: 'the OpenAPI document and Swagger UI, public by design' },
  {
    pattern: /^GET \/api\/ws$/,
    reason: 'the live channel, a WebSocket authenticated by its query token (live tests)',
  },
  { pattern: /^GET \/(?!api\/|auth\/)/, reason: 'the built browser app: public static files' },
];

const principalNames = [
  'anon',
  'agent',
  'sup',
  'sup2',
  'owner',
  'ed+',
  'ed-',
  'viewer',
  'other',
  'admin',
] as const;
type Principal = (typeof principalNames)[number] | 'admin as sup2';
type Side = 'home' | 'away' | '-';

interface Row {
  route: string;
  side: Side;
  expected: Record<Principal, number>;
}

function parseMatrix(text: string): Row[] {
  const [header = '', ...lines] = text.trim().split('\n');
  const columns = header.trim().split(/\s+/).slice(2);
  if (columns.join() !== principalNames.join(',')) throw new Error(`Unexpected columns: ${columns.join()}`);
  const rows: Row[] = [];
  for (const line of lines) {
    const cells = line.trim().split(/\s+/);
    const continued = cells[0] === 'home' || cells[0] === 'away';
    const route = continued ? rows.at(-1)?.route : `${cells[0]} ${cells[1]}`;
    const [side, ...statuses] = continued ? cells : cells.slice(2);
    if (!route || statuses.length !== principalNames.length) throw new Error(`Malformed row: ${line}`);
    const expected = Object.fromEntries(
      principalNames.map((name, i) => [name, Number(statuses[i])]),
    ) as Record<(typeof principalNames)[number], number>;
    rows.push({ route, side: side as Side, expected: { ...expected, 'admin as sup2': expected.sup2 } });
  }
  return rows;
}

const rows = parseMatrix(matrix);
const routeCount = new Set(rows.map((row) => row.route)).size;
const principalCount = principalNames.length + 1;
const checkCount = rows.length * principalCount;

/** Every METHOD /path the app registers, read from Fastify's route tree. */
function registeredRoutes(app: FastifyInstance): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (paths[depth - 1] ?? '') : '') + match[2];
    paths[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** What a side's requests point at. */
interface Objects {
  organisation: string;
  campaign: string;
  conversation: string;
  /** A call of the agent with stored audio. */
  audioCall: string;
  notification: string;
  /** A user of the organisation who is none of the callers. */
  user: string;
  /** A viewer of the campaign (and of every fresh one). */
  member: string;
  /** An agent of the organisation, whom conversations may name. */
  agent: string;
  /** A user of the organisation who is a member of no campaign here. */
  outsider: string;
  /** The campaign's evaluation grid, published once, and an item of it. */
  grid: string;
  gridItem: string;
  /** A test call of the campaign. */
  testCall: string;
  /** An alert of the campaign on its main score, notifying `member`. */
  alert: string;
  /** A new alert like `alert`, for requests that use it up. */
  freshAlert(): Promise<string>;
  /** A coaching plan for `agent`, written by the side's coach, with one focus item (`gridItem`). */
  coachingPlan: string;
  /** A new coaching plan like `coachingPlan`, for requests that use it up. */
  freshCoachingPlan(): Promise<string>;
  /** A new coaching plan with `conversation` attached as an example; resolves to the plan's id. */
  freshCoachingExample(): Promise<string>;
  /** A new custom analysis of `campaign`, for requests that change or delete it. */
  freshCustomAnalysis(): Promise<string>;
  /** A new campaign with the same members as `campaign`, for requests that use it up. */
  freshCampaign(): Promise<string>;
  /** Who may review in `campaign` (its owner), and a pending assignment of `conversation` to them. */
  reviewer: string;
  reviewAssignment: string;
  /** A new call of `campaign` by the conversation's agent, with one segment and a recording, for the same. */
  freshCall(): Promise<string>;
  /** An API key of the organisation (revoking it again answers as the first time). */
  apiKey: string;
}

interface Request {
  path?: (objects: Objects) => string | Promise<string>;
  body?: (n: number, objects: Objects) => { payload: object | Buffer; headers?: Record<string, string> };
}

const json = (payload: object) => ({ payload });

/** How to call each route; a route without an entry is called as written, without a body. */
const requests: Record<string, Request> = {
  // Asked without a signature: the signed link is the permission, so no token, not even an admin's, replaces it.
  'GET /api/files/:key': { path: () => `/api/files/logo-${newId()}.png` },
  'POST /api/users/invite': {
    body: (n) => json({ email: `invitee-${n}@example.test`, name: 'Invitee', role: 'agent' }),
  },
  'GET /api/reviews/assignments': { path: (o) => `/api/reviews/assignments?campaign=${o.campaign}` },
  'POST /api/reviews/assignments': {
    body: (_n, o) => json({ conversation_ids: [o.conversation], reviewer_id: o.reviewer }),
  },
  'PATCH /api/reviews/assignments/:id': {
    path: (o) => `/api/reviews/assignments/${o.reviewAssignment}`,
    body: () => json({ due_at: null }),
  },
  'POST /api/reviews/assignments/reassign': {
    body: (_n, o) => json({ assignment_ids: [o.reviewAssignment], reviewer_id: o.reviewer }),
  },
  'GET /api/reviews/progress': { path: () => `/api/reviews/progress?from=0&to=${7 * 24 * 60 * 60}` },
  'GET /api/reviews/team': {
    path: (o) => `/api/reviews/team?campaign=${o.campaign}&from=0&to=${7 * 24 * 60 * 60}`,
  },
  'GET /api/coaching/plans': { path: (o) => `/api/coaching/plans?agent_id=${o.agent}` },
  'POST /api/coaching/plans': {
    body: (n, o) =>
      json({
        agent_id: o.agent,
        title: `Matrix plan ${n}`,
        focus_items: [{ campaign_id: o.campaign, item_id: o.gridItem, target_score: 80 }],
      }),
  },
  'GET /api/coaching/plans/:id': { path: (o) => `/api/coaching/plans/${o.coachingPlan}` },
  'PATCH /api/coaching/plans/:id': {
    path: (o) => `/api/coaching/plans/${o.coachingPlan}`,
    body: () => json({ notes: 'Changed by the matrix' }),
  },
  'DELETE /api/coaching/plans/:id': {
    path: async (o) => `/api/coaching/plans/${await o.freshCoachingPlan()}`,
  },
  'POST /api/coaching/plans/:id/acknowledge': {
    path: (o) => `/api/coaching/plans/${o.coachingPlan}/acknowledge`,
  },
  'GET /api/coaching/plans/:id/progress': { path: (o) => `/api/coaching/plans/${o.coachingPlan}/progress` },
  'PUT /api/coaching/plans/:id/examples/:conversationId': {
    path: (o) => `/api/coaching/plans/${o.coachingPlan}/examples/${o.conversation}`,
    body: () => json({ note: 'Attached by the matrix' }),
  },
  'DELETE /api/coaching/plans/:id/examples/:conversationId': {
    path: async (o) => `/api/coaching/plans/${await o.freshCoachingExample()}/examples/${o.conversation}`,
  },
  'GET /api/coaching/suggestions': {
    path: (o) => `/api/coaching/suggestions?agent_id=${o.agent}&campaign_id=${o.campaign}`,
  },
  'GET /api/users/:id': { path: (o) => `/api/users/${o.user}` },
  'PATCH /api/users/:id': { path: (o) => `/api/users/${o.user}`, body: () => json({ language: 'fr' }) },
  'GET /api/users/:id/campaigns': { path: (o) => `/api/users/${o.user}/campaigns` },
  'PUT /api/notifications/:id/read': { path: (o) => `/api/notifications/${o.notification}/read` },
  'GET /api/alerts': { path: (o) => `/api/alerts?campaign_id=${o.campaign}` },
  'POST /api/alerts': {
    body: (n, o) =>
      json({
        campaign_id: o.campaign,
        name: `Matrix alert ${n}`,
        detail: { type: 'main_score', operator: 'lt', score: 50 },
        recipients: [o.member],
      }),
  },
  'GET /api/alerts/:id': { path: (o) => `/api/alerts/${o.alert}` },
  'PATCH /api/alerts/:id': { path: (o) => `/api/alerts/${o.alert}`, body: () => json({ name: 'Renamed' }) },
  'DELETE /api/alerts/:id': { path: async (o) => `/api/alerts/${await o.freshAlert()}` },
  'GET /api/conversations/:id/discussion': {
    path: (o) => `/api/conversations/${o.conversation}/discussion`,
  },
  'POST /api/conversations/:id/discussion/message': {
    path: (o) => `/api/conversations/${o.conversation}/discussion/message`,
    body: () => json({ body: 'Checked by the authorization matrix' }),
  },
  'GET /api/conversations/:id': { path: (o) => `/api/conversations/${o.conversation}` },
  'PATCH /api/conversations/:id': {
    path: (o) => `/api/conversations/${o.conversation}`,
    body: () => json({ metadata: { checked_by: 'authorization matrix' } }),
  },
  'DELETE /api/conversations/:id': { path: async (o) => `/api/conversations/${await o.freshCall()}` },
  'GET /api/conversations/export/:id': { path: (o) => `/api/conversations/export/${o.conversation}` },
  'PUT /api/calls/:id/transcript': {
    path: async (o) => `/api/calls/${await o.freshCall()}/transcript`,
    body: () => json({ transcript_version: 0, segments: [{ speaker: 'agent', text: 'Checked' }] }),
  },
  'GET /api/calls/:id/audio/download-url': {
    path: async (o) => `/api/calls/${await o.freshCall()}/audio/download-url`,
  },
  'POST /api/calls/:id/transcription/launch': {
    path: (o) => `/api/calls/${o.audioCall}/transcription/launch`,
  },
  'GET /api/conversations/:id/translation': {
    path: (o) => `/api/conversations/${o.conversation}/translation?target_language=fr`,
  },
  'POST /api/campaigns': { body: (n) => json({ name: `Matrix created ${n}` }) },
  'GET /api/conversations/:id/evaluation': { path: (o) => `/api/conversations/${o.conversation}/evaluation` },
  'GET /api/audit-log': { path: (o) => `/api/audit-log?organisation_id=${o.organisation}` },
  'GET /api/audit-log/export': { path: (o) => `/api/audit-log/export?organisation_id=${o.organisation}` },
  'GET /api/audit-log/verify': { path: (o) => `/api/audit-log/verify?organisation_id=${o.organisation}` },
  'GET /api/organisations/:id/api-keys': { path: (o) => `/api/organisations/${o.organisation}/api-keys` },
  'POST /api/organisations/:id/api-keys': {
    path: (o) => `/api/organisations/${o.organisation}/api-keys`,
    body: (n) => json({ name: `Matrix key ${n}`, scopes: ['dashboards:read'] }),
  },
  'DELETE /api/organisations/:id/api-keys/:keyId': {
    path: (o) => `/api/organisations/${o.organisation}/api-keys/${o.apiKey}`,
  },
  'GET /api/campaigns/:id': { path: (o) => `/api/campaigns/${o.campaign}` },
  'PATCH /api/campaigns/:id': {
    path: (o) => `/api/campaigns/${o.campaign}`,
    body: () => json({ description: 'Edited by the authorization matrix' }),
  },
  'DELETE /api/campaigns/:id': { path: async (o) => `/api/campaigns/${await o.freshCampaign()}` },
  'GET /api/campaigns/:id/topics': { path: (o) => `/api/campaigns/${o.campaign}/topics` },
  'PUT /api/campaigns/:id/topics': {
    path: (o) => `/api/campaigns/${o.campaign}/topics`,
    body: (n) => json({ topics: [{ name: `Matrix topic ${n}`, keywords: ['matrix'] }] }),
  },
  'GET /api/campaigns/:id/review-rules': { path: (o) => `/api/campaigns/${o.campaign}/review-rules` },
  'PUT /api/campaigns/:id/review-rules': {
    path: (o) => `/api/campaigns/${o.campaign}/review-rules`,
    body: () => json([]),
  },
  'GET /api/campaigns/:id/reviewers': { path: (o) => `/api/campaigns/${o.campaign}/reviewers` },
  'GET /api/campaigns/:id/conversation-phases': {
    path: (o) => `/api/campaigns/${o.campaign}/conversation-phases`,
  },
  'PUT /api/campaigns/:id/conversation-phases': {
    path: (o) => `/api/campaigns/${o.campaign}/conversation-phases`,
    body: (n) => json({ phases: [{ name: `Matrix phase ${n}`, markers: ['matrix'] }] }),
  },
  'POST /api/campaigns/:id/duplicate': { path: (o) => `/api/campaigns/${o.campaign}/duplicate` },
  'POST /api/campaigns/:id/logo': {
    path: (o) => `/api/campaigns/${o.campaign}/logo`,
    body: () => multipartFile(pngImage()),
  },
  'POST /api/campaigns/:id/conversations': {
    path: (o) => `/api/campaigns/${o.campaign}/conversations`,
    body: (_n, o) => json({ type: 'call', agent_id: o.agent, input_text: 'Agent: Hello.\nCustomer: Hi.' }),
  },
  'POST /api/campaigns/:id/conversations/batch': {
    path: (o) => `/api/campaigns/${o.campaign}/conversations/batch`,
    body: (_n, o) =>
      json({
        conversations: [
          { type: 'chat', agent_id: o.agent, messages: [{ speaker: 'agent', text: 'Hello.' }] },
        ],
      }),
  },
  // Each upload names its own external id: the same recording twice would be one call (200), not two.
  'POST /api/calls/audio': {
    body: (n, o) =>
      multipartForm({ campaign_id: o.campaign, external_id: `matrix-${n}` }, { bytes: wavTone(0.1) }),
  },
  'GET /api/campaigns/:id/conversations': { path: (o) => `/api/campaigns/${o.campaign}/conversations` },
  'GET /api/campaigns/:id/conversations/count': {
    path: (o) => `/api/campaigns/${o.campaign}/conversations/count`,
  },
  'GET /api/campaigns/:id/conversations/metadata': {
    path: (o) => `/api/campaigns/${o.campaign}/conversations/metadata`,
  },
  'GET /api/campaigns/:id/conversations/validators': {
    path: (o) => `/api/campaigns/${o.campaign}/conversations/validators`,
  },
  'GET /api/campaigns/:id/conversations/export': {
    path: (o) => `/api/campaigns/${o.campaign}/conversations/export?format=csv`,
  },
  'GET /api/campaigns/:id/evaluation-grid': { path: (o) => `/api/campaigns/${o.campaign}/evaluation-grid` },
  'POST /api/conversations/:id/evaluation/launch': {
    path: (o) => `/api/conversations/${o.conversation}/evaluation/launch`,
  },
  'POST /api/conversations/:id/evaluation/items/:itemId/launch': {
    path: (o) => `/api/conversations/${o.conversation}/evaluation/items/${o.gridItem}/launch`,
  },
  'POST /api/conversations/:id/evaluation/validate': {
    path: (o) => `/api/conversations/${o.conversation}/evaluation/validate`,
  },
  'DELETE /api/conversations/:id/evaluation/validate': {
    path: (o) => `/api/conversations/${o.conversation}/evaluation/validate`,
  },
  'PUT /api/conversations/:id/evaluation/items/:itemId': {
    path: (o) => `/api/conversations/${o.conversation}/evaluation/items/${o.gridItem}`,
    body: () => json({ evaluation_item: { value: 'no' }, item_type: 'binary_item' }),
  },
  'PUT /api/conversations/:id/evaluation/items/:itemId/comment': {
    path: (o) => `/api/conversations/${o.conversation}/evaluation/items/${o.gridItem}/comment`,
    body: () => json({ comment: 'Checked by the authorization matrix' }),
  },
  'GET /api/dashboards/graphs/campaigns/:id/evaluation-items/:itemId/updates': {
    path: (o) => `/api/dashboards/graphs/campaigns/${o.campaign}/evaluation-items/${o.gridItem}/updates`,
  },
  'GET /api/dashboards/graphs/custom-analyses/details': {
    path: (o) => `/api/dashboards/graphs/custom-analyses/details?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/custom-analyses-free-text/:id': {
    path: async (o) =>
      `/api/dashboards/graphs/custom-analyses-free-text/${await o.freshCustomAnalysis()}?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/evaluations/items/validation-stats': {
    path: (o) => `/api/dashboards/graphs/evaluations/items/validation-stats?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/phases/average-duration': {
    path: (o) => `/api/dashboards/graphs/phases/average-duration?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/kpis': {
    path: (o) => `/api/dashboards/graphs/kpis?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/score/evolution': {
    path: (o) => `/api/dashboards/graphs/score/evolution?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/score/distribution': {
    path: (o) => `/api/dashboards/graphs/score/distribution?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/agents/performance': {
    path: (o) => `/api/dashboards/graphs/agents/performance?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/type-proportion': {
    path: (o) => `/api/dashboards/graphs/type-proportion?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/topics/analysis': {
    path: (o) => `/api/dashboards/graphs/topics/analysis?campaigns=${o.campaign}`,
  },
  'GET /api/dashboards/graphs/evaluations/items/details': {
    path: (o) => `/api/dashboards/graphs/evaluations/items/details?campaigns=${o.campaign}`,
  },
  'POST /api/evaluation-grids/item/test': {
    body: () =>
      json({
        transcript: 'Agent: Hello.\nCustomer: Hi.',
        item_type: 'binary_item',
        rules: { any_of: ['hello'], speaker: 'agent' },
      }),
  },
  'PATCH /api/evaluation-grids/:id': {
    path: (o) => `/api/evaluation-grids/${o.grid}`,
    body: () => json({ sections: [{ name: 'Matrix', items: [{ name: 'Checked', type: 'binary_item' }] }] }),
  },
  'POST /api/evaluation-grids/:id/golden-set-check': {
    path: (o) => `/api/evaluation-grids/${o.grid}/golden-set-check`,
    body: () => json({ sections: [{ name: 'Matrix', items: [{ name: 'Checked', type: 'binary_item' }] }] }),
  },
  'GET /api/evaluation-grids/:id/draft': { path: (o) => `/api/evaluation-grids/${o.grid}/draft` },
  'PUT /api/evaluation-grids/:id/draft': {
    path: (o) => `/api/evaluation-grids/${o.grid}/draft`,
    body: () => json({ sections: [{ name: 'Matrix', items: [{ name: 'Drafted', type: 'binary_item' }] }] }),
  },
  'DELETE /api/evaluation-grids/:id/draft': { path: (o) => `/api/evaluation-grids/${o.grid}/draft` },
  'GET /api/evaluation-grids/:id/items/:itemId': {
    path: (o) => `/api/evaluation-grids/${o.grid}/items/${o.gridItem}?version=1`,
  },
  'GET /api/evaluation-grids/:id/versions': { path: (o) => `/api/evaluation-grids/${o.grid}/versions` },
  'GET /api/evaluation-grids/:id/versions/:version': {
    path: (o) => `/api/evaluation-grids/${o.grid}/versions/1`,
  },
  'GET /api/campaigns/:id/users/me/role': { path: (o) => `/api/campaigns/${o.campaign}/users/me/role` },
  'GET /api/campaigns/:id/users': { path: (o) => `/api/campaigns/${o.campaign}/users` },
  'POST /api/campaigns/:id/users': {
    path: async (o) => `/api/campaigns/${await o.freshCampaign()}/users`,
    body: (_n, o) => json({ user_id: o.outsider, role: 'viewer' }),
  },
  'PUT /api/campaigns/:id/users/:userId/role': {
    path: (o) => `/api/campaigns/${o.campaign}/users/${o.member}/role`,
    body: () => json({ role: 'viewer', policy: {} }),
  },
  'DELETE /api/campaigns/:id/users/:userId': {
    path: async (o) => `/api/campaigns/${await o.freshCampaign()}/users/${o.member}`,
  },
  'POST /api/campaigns/:id/test-calls': {
    path: (o) => `/api/campaigns/${o.campaign}/test-calls`,
    body: () =>
      multipartForm(
        {},
        { bytes: Buffer.from('Agent: Hello.\nCustomer: Hi.'), filename: 'call.txt', mediaType: 'text/plain' },
      ),
  },
  'GET /api/campaigns/:id/test-calls': { path: (o) => `/api/campaigns/${o.campaign}/test-calls` },
  'GET /api/campaigns/:id/test-calls/:testId': {
    path: (o) => `/api/campaigns/${o.campaign}/test-calls/${o.testCall}`,
  },
  'GET /api/admin/kpis': {
    path: (o) => `/api/admin/kpis?organisations=${o.organisation}&campaigns=${o.campaign}`,
  },
  'GET /api/campaigns/:id/custom-analyses': { path: (o) => `/api/campaigns/${o.campaign}/custom-analyses` },
  'POST /api/campaigns/:id/custom-analyses': {
    path: (o) => `/api/campaigns/${o.campaign}/custom-analyses`,
    body: (n) =>
      json({ name: `Matrix analysis ${n}`, question: 'Does the customer call back?', type: 'yes_no' }),
  },
  'PATCH /api/custom-analyses/:id': {
    path: async (o) => `/api/custom-analyses/${await o.freshCustomAnalysis()}`,
    body: () => json({ name: 'Renamed by the matrix' }),
  },
  'DELETE /api/custom-analyses/:id': {
    path: async (o) => `/api/custom-analyses/${await o.freshCustomAnalysis()}`,
  },
  'POST /api/organisations': { body: (n) => json({ name: `Matrix Organisation ${n}` }) },
  'GET /api/organisations/:id': { path: (o) => `/api/organisations/${o.organisation}` },
  'GET /api/organisations/:id/users': { path: (o) => `/api/organisations/${o.organisation}/users` },
  'GET /api/organisations/:id/campaigns': { path: (o) => `/api/organisations/${o.organisation}/campaigns` },
  'GET /api/organisations/:id/usage': {
    path: (o) => `/api/organisations/${o.organisation}/usage?campaigns=${o.campaign}`,
  },
  'GET /api/organisations/:id/usage/export': {
    path: (o) => `/api/organisations/${o.organisation}/usage/export?campaigns=${o.campaign}`,
  },
  'POST /api/organisations/:id/campaigns': {
    path: (o) => `/api/organisations/${o.organisation}/campaigns`,
    body: (n) => json({ name: `Matrix organisation campaign ${n}` }),
  },
  'POST /api/organisations/:id/users/invite': {
    path: (o) => `/api/organisations/${o.organisation}/users/invite?send_invite_email=false`,
    body: (n) => json({ email: `org-invitee-${n}@example.test`, name: 'Invitee', role: 'agent' }),
  },
};

describe.each(testDatabaseKinds)(
  `authorization matrix: ${routeCount} routes × ${principalCount} principals × own/other-organisation objects = ${checkCount} checks, on %s`,
  (kind) => {
    let t: TestApp;
    const tokens = new Map<Principal, string>();
    let home: Objects;
    let away: Objects;
    let requestNumber = 0;

    beforeAll(async () => {
      // Routes that queue jobs are checked for who gets in; no worker runs them here.
      // The demo supervisor coaches the home organisation's agents (the default), the other one the away ones.
      t = await createTestApp(kind, {
        QM_ROLE: 'web',
        COACHING_USERS: `${demoUsers.supervisor.email},supervisor@other.local`,
      });
      const audio = wavTone(1);
      const { db } = t.database;
      const demo = (user: Omit<Parameters<typeof addUser>[1], 'organisationId'>) =>
        addUser(db, { organisationId: demoOrganisation.id, ...user });
      const owner = await demo({ email: 'owner@demo.local' });
      const editorWithFlags = await demo({ email: 'editor.flags@demo.local' });
      const editorWithoutFlags = await demo({ email: 'editor.plain@demo.local' });
      const viewer = await demo({ email: 'viewer@demo.local' });
      const homeMembers: Member[] = [
        { userId: owner, role: 'owner' },
        {
          userId: editorWithFlags,
          role: 'editor',
          policy: { can_edit_settings: true, can_manage_users: true },
        },
        { userId: editorWithoutFlags, role: 'editor' },
        { userId: viewer, role: 'viewer' },
        { userId: demoUsers.supervisor.id, role: 'viewer' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ];
      const homeCampaign = await addCampaign(db, {
        organisationId: demoOrganisation.id,
        name: 'Matrix Campaign',
        members: homeMembers,
      });
      const homeConversation = await addConversation(db, {
        campaignId: homeCampaign,
        agentId: demoUsers.agent.id,
      });

      const otherOrg = await addOrganisation(db, 'Other Org');
      const everyPermission = {
        can_view_usage: true,
        can_edit_users_access: true,
        can_create_campaign: true,
        can_view_audit_log: true,
        can_manage_security: true,
      };
      const apiKeyOf = async (organisationId: string, createdBy: string) =>
        (
          await createApiKey(db, systemSource, {
            organisationId,
            name: 'Matrix key',
            scopes: ['dashboards:read'],
            expiresAt: null,
            createdBy,
          })
        ).row.id;
      const other = await addUser(db, {
        organisationId: otherOrg,
        email: 'supervisor@other.local',
        policy: everyPermission,
      });
      const otherAgent = await addUser(db, {
        organisationId: otherOrg,
        email: 'agent@other.local',
        role: 'agent',
      });
      const otherOutsider = await addUser(db, {
        organisationId: otherOrg,
        email: 'agent2@other.local',
        role: 'agent',
      });
      const awayMembers: Member[] = [
        { userId: other, role: 'owner' },
        { userId: otherAgent, role: 'viewer' },
      ];
      const awayCampaign = await addCampaign(db, {
        organisationId: otherOrg,
        name: 'Other Campaign',
        members: awayMembers,
      });
      const awayConversation = await addConversation(db, { campaignId: awayCampaign, agentId: otherAgent });

      let fresh = 0;
      const alertOf = (campaignId: string, recipient: string, by: string) => () =>
        insertAlert(db, {
          campaignId,
          name: 'Matrix alert',
          enabled: true,
          detail: { type: 'main_score', operator: 'lt', score: 50 },
          recipients: [recipient],
          createdBy: by,
        }).then((alert) => alert.id);
      const freshCall = (campaignId: string, agentId: string) => () =>
        addConversation(db, {
          campaignId,
          agentId,
          turns: [turn('agent', 'Hello')],
          audioKey: `audio-${newId()}.wav`,
        });
      const testCallOf = async (campaignId: string, by: string) => {
        const conversationId = await addConversation(db, { campaignId, agentId: null, isTest: true });
        await insertTestCall(db, {
          conversationId,
          campaignId,
          fileName: 'call.txt',
          source: 'transcript',
          createdBy: by,
        });
        return conversationId;
      };
      const freshCustomAnalysis = (campaignId: string) => async () =>
        (
          await createCustomAnalysis({ db, pipeline }, campaignId, {
            name: `Fresh analysis ${++fresh}`,
            question: 'Is the customer satisfied?',
            type: 'yes_no',
          })
        ).row.id;
      const coachingPlanOf =
        (
          organisationId: string,
          agentId: string,
          coach: string,
          campaignId: string,
          conversationId: string,
        ) =>
        async (example = false) => {
          const plan = await insertPlan(db, {
            organisationId,
            agentId,
            createdBy: coach,
            title: 'Matrix plan',
            notes: '',
            startedAt: new Date(),
          });
          const { gridItem } = campaignId === homeCampaign ? homeGrid : awayGrid;
          await replaceFocusItems(db, plan.id, [
            { campaign_id: campaignId, item_id: gridItem, target_score: 80, due_date: null },
          ]);
          if (example) await putExample(db, plan.id, conversationId, 'Matrix example');
          return plan.id;
        };
      const assignmentOf = async (campaignId: string, conversationId: string, reviewerId: string) => {
        const [id = ''] = await assignByHand(db, {
          campaignId,
          conversationIds: [conversationId],
          reviewerId,
          dueAt: null,
        });
        return id;
      };
      const homeGrid = await addEvaluationGrid(db, homeCampaign, owner);
      const awayGrid = await addEvaluationGrid(db, awayCampaign, other);
      const homePlan = coachingPlanOf(
        demoOrganisation.id,
        demoUsers.agent.id,
        demoUsers.supervisor.id,
        homeCampaign,
        homeConversation,
      );
      const awayPlan = coachingPlanOf(otherOrg, otherAgent, other, awayCampaign, awayConversation);
      home = {
        organisation: demoOrganisation.id,
        campaign: homeCampaign,
        conversation: homeConversation,
        audioCall: await addAudioCall(db, t.app.context.files, {
          campaignId: homeCampaign,
          agentId: demoUsers.agent.id,
          language: 'en',
          audio,
        }),
        notification: await addNotification(db, {
          userId: demoUsers.supervisor.id,
          conversationId: homeConversation,
          mentionedById: owner,
        }),
        ...homeGrid,
        testCall: await testCallOf(homeCampaign, owner),
        coachingPlan: await homePlan(),
        freshCoachingPlan: () => homePlan(),
        freshCoachingExample: () => homePlan(true),
        alert: await alertOf(homeCampaign, demoUsers.agent.id, owner)(),
        freshAlert: alertOf(homeCampaign, demoUsers.agent.id, owner),
        user: demoUsers.agent2.id,
        member: demoUsers.agent.id,
        agent: demoUsers.agent.id,
        outsider: demoUsers.agent3.id,
        freshCampaign: () =>
          addCampaign(db, {
            organisationId: demoOrganisation.id,
            name: `Fresh ${++fresh}`,
            members: homeMembers,
          }),
        freshCall: freshCall(homeCampaign, demoUsers.agent.id),
        freshCustomAnalysis: freshCustomAnalysis(homeCampaign),
        reviewer: owner,
        reviewAssignment: await assignmentOf(homeCampaign, homeConversation, owner),
        apiKey: await apiKeyOf(demoOrganisation.id, demoUsers.supervisor.id),
      };
      away = {
        organisation: otherOrg,
        campaign: awayCampaign,
        conversation: awayConversation,
        audioCall: await addAudioCall(db, t.app.context.files, {
          campaignId: awayCampaign,
          agentId: otherAgent,
          language: 'en',
          audio,
        }),
        notification: await addNotification(db, {
          userId: other,
          conversationId: awayConversation,
          mentionedById: otherAgent,
        }),
        ...awayGrid,
        testCall: await testCallOf(awayCampaign, other),
        coachingPlan: await awayPlan(),
        freshCoachingPlan: () => awayPlan(),
        freshCoachingExample: () => awayPlan(true),
        alert: await alertOf(awayCampaign, otherAgent, other)(),
        freshAlert: alertOf(awayCampaign, otherAgent, other),
        user: otherAgent,
        member: otherAgent,
        agent: otherAgent,
        outsider: otherOutsider,
        freshCampaign: () =>
          addCampaign(db, { organisationId: otherOrg, name: `Fresh ${++fresh}`, members: awayMembers }),
        freshCall: freshCall(awayCampaign, otherAgent),
        freshCustomAnalysis: freshCustomAnalysis(awayCampaign),
        reviewer: other,
        reviewAssignment: await assignmentOf(awayCampaign, awayConversation, other),
        apiKey: await apiKeyOf(otherOrg, other),
      };

      // Each conversation has a finished evaluation made with the grid's first version, which holds `gridItem`
      // (the validation rows come before the launch rows, which queue it again).
      const services = { ...t.app.context, log: t.app.log };
      await addEvaluation(db, services, { id: homeConversation, campaignId: homeCampaign });
      await addEvaluation(db, services, { id: awayConversation, campaignId: awayCampaign });

      const emails: [Principal, string][] = [
        ['agent', demoUsers.agent.email],
        ['sup', demoUsers.supervisor.email],
        ['sup2', demoUsers.supervisor2.email],
        ['owner', 'owner@demo.local'],
        ['ed+', 'editor.flags@demo.local'],
        ['ed-', 'editor.plain@demo.local'],
        ['viewer', 'viewer@demo.local'],
        ['other', 'supervisor@other.local'],
        ['admin', demoUsers.admin.email],
      ];
      for (const [name, email] of emails) tokens.set(name, await t.accessToken(email));
      const exchange = await t.app.inject({
        method: 'POST',
        url: '/auth/token',
        cookies: { qm_refresh: await t.login(demoUsers.admin.email) },
        headers: { origin: publicUrl },
        payload: { userId: demoUsers.supervisor2.id },
      });
      tokens.set('admin as sup2', (exchange.json() as { access_token: string }).access_token);
    });
    afterAll(() => t.close());

    it('has a row for every registered route, and a registered route for every row', () => {
      const registered = registeredRoutes(t.app);
      expect(registered.length).toBeGreaterThan(routeCount);
      const covered = new Set(rows.map((row) => row.route));
      const uncovered = registered.filter(
        (route) => !covered.has(route) && !exempt.some(({ pattern }) => pattern.test(route)),
      );
      expect(uncovered, 'routes without a row in the matrix').toEqual([]);
      expect([...covered].filter((route) => !registered.includes(route))).toEqual([]);
      expect(Object.keys(requests).filter((route) => !covered.has(route))).toEqual([]);
    });

    it.each(rows.map((row) => [`${row.route}${row.side === '-' ? '' : ` (${row.side})`}`, row] as const))(
      '%s',
      async (_name, { route, side, expected }) => {
        const [method = '', url = ''] = route.split(' ');
        const request = requests[route] ?? {};
        const objects = side === 'away' ? away : home;
        const mismatches: string[] = [];
        for (const [principal, status] of Object.entries(expected)) {
          const body = request.body?.(++requestNumber, objects);
          const token = tokens.get(principal as Principal);
          const response = await t.app.inject({
            method: method as 'GET',
            url: request.path ? await request.path(objects) : url,
            headers: { ...(token ? bearer(token) : {}), ...body?.headers },
            ...(body ? { payload: body.payload } : {}),
          });
          if (response.statusCode !== status) {
            mismatches.push(`${principal}: expected ${status}, got ${response.statusCode} ${response.body}`);
          }
        }
        expect(mismatches).toEqual([]);
      },
    );

    // A caller a route can never serve learns nothing of its schema: 403 whatever they send, before validation.
    it.each([
      ['agent', 'POST', '/api/coaching/plans', { title: 42 }],
      ['agent', 'PATCH', '/api/coaching/plans/not-an-id', { notes: [] }],
      ['agent', 'GET', '/api/coaching/suggestions?limit=lots', undefined],
      ['agent', 'POST', '/api/campaigns', { name: 42 }],
      ['agent', 'POST', '/api/users/invite', { email: 'not an email' }],
      ['sup', 'GET', '/api/users?limit=lots', undefined],
      ['sup', 'POST', '/api/organisations', { name: 42 }],
      ['sup', 'GET', '/api/admin/kpis?startTs=soon', undefined],
    ] as const)(
      'refuses %s on %s %s with 403 before reading its input',
      async (who, method, url, payload) => {
        const token = tokens.get(who) ?? '';
        const refused = await t.app.inject({ method, url, headers: bearer(token), payload });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ detail: expect.any(String) });
        const malformed = await t.app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: '{"not json',
        });
        expect(malformed.statusCode).toBe(403);
        // Who may use it still gets the route's validation.
        const admin = await t.app.inject({
          method,
          url,
          headers: bearer(tokens.get('admin') ?? ''),
          payload,
        });
        expect(admin.statusCode).toBe(400);
      },
    );
  },
);
