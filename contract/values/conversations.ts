// The conversations API's enumerations and limits as plain values, without zod: contract/conversations.ts builds
// its schemas from them, and the browser reads them on pages that validate nothing (decision 0203).

export const speakers = ['agent', 'customer'] as const;

/**
 * Where a conversation stands: a call waits for its transcript, every conversation is then analysed
 * (language, sentiment, topics); `failed` carries its reason in `status_reason` and `status_detail`.
 */
export const conversationStatuses = ['transcribing', 'analysing', 'ready', 'failed'] as const;

/** Metadata: string → string, at most 50 keys. */
export const metadataMaxKeys = 50;

export const conversationSorts = ['started_at_desc', 'started_at_asc'] as const;

export const exportFormats = ['csv', 'xlsx'] as const;
/** An export's columns: the summary's, or with each grid item's answer, score and comment and the validation too. */
export const exportDetails = ['summary', 'items'] as const;

/**
 * The most conversations a selection names by id (the list's `ids` filter): the export takes its filters in the
 * query string, and 200 ids keep a request's head well under Node's 16 KB limit (decision 0210).
 */
export const maxSelectedConversations = 200;
