// The conversation list's code: loaded by its route, and ahead of it when the app opens on a list (decision 0232).

export const conversationListCode = () => import('./ConversationsPage');
