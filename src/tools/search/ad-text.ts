import { z } from 'zod';
import { maxUnits, plainTextPattern, withoutControlCharacters } from '../arguments.ts';

/** One line of responsive search ad text: trimmed, at most `max` characters, no "!" (Google limits them). */
function adText(max: number) {
  return maxUnits(withoutControlCharacters(z.string().trim().min(1, 'must not be empty')), max)
    .refine((text) => !text.includes('!'), 'must not contain "!"')
    .meta({ pattern: plainTextPattern('one line', '!') });
}

/** Distinct texts, compared without case, as Google refuses a repeated headline or description. */
function distinct(schema: z.ZodArray<ReturnType<typeof adText>>, what: string) {
  return (
    schema
      .refine(
        (list) => new Set(list.map((text) => text.toLowerCase())).size === list.length,
        `must not repeat a ${what} (compared without case)`,
      )
      // Only the exact repeats: JSON Schema has no comparison without case.
      .meta({ uniqueItems: true })
  );
}

/** The headlines of a responsive search ad: 3 to 15, each 1 to 30 characters. */
export const headlines = () => distinct(z.array(adText(30)).min(3).max(15), 'headline');

/** The descriptions of a responsive search ad: 2 to 4, each 1 to 90 characters. */
export const descriptions = () => distinct(z.array(adText(90)).min(2).max(4), 'description');
