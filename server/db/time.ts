// The API speaks unix seconds; the database keeps timestamptz.
export const toUnixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
export const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);
