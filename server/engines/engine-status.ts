// What /api/health and the start-up log say about one engine: usable or not, and which one or why not.
export interface EngineStatus {
  status: 'ok' | 'unavailable';
  detail: string;
}
