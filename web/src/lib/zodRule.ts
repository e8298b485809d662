import type { FormRule } from 'antd';
import type { z } from 'zod';

/** An antd Form rule that checks one field against its zod schema from @app/contracts. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** The first message per top-level field of a zod error. */
export function firstIssuePerField(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in messages)) messages[field] = issue.message;
  }
  return messages;
}
