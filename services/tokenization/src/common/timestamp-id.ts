import { isUniqueViolation } from '@app/platform';

/** Runs work again when it lost a race for a unique value (twice at most): see freeTimestampId. */
export async function retryOnUniqueViolation<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= attempts) throw error;
    }
  }
}
