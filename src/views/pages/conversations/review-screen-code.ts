// The review screen's code: loaded by its route, and ahead of the click by the list's rows that lead to it, so that
// the screen opens without waiting for its chunks.

export const reviewScreenCode = () => import('./ConversationPage');

/** Starts loading the review screen's code, for a row the pointer or the keyboard reached. */
export const preloadReviewScreen = () => void reviewScreenCode().catch(() => undefined);
