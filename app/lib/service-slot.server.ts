/**
 * A process-wide service (database, mailer, auth) that start-up opens once and request code reads.
 * Tests and the admin command set their own.
 */
export function serviceSlot<T>(name: string) {
  let current: T | undefined;
  return {
    set(value: T | undefined) {
      current = value;
    },
    get(): T {
      if (current === undefined) throw new Error(`${name} has not been configured yet`);
      return current;
    },
  };
}
