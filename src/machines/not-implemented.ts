// Stands in for a side effect that a machine declares and its provider supplies (io-app's `notImplemented`): a
// missing implementation fails loudly instead of silently doing nothing.
export function notImplemented(name: string): never {
  throw new Error(`${name} is not implemented: the machine's provider must supply it`);
}
