/**
 * A/B segments: the segment of each test is stored persistently (the store keeps them in localStorage), a
 * test is added once per name (a later assignment never moves a shopper to another segment), and a test
 * with no stored segment matches only when the requested segment is the default one. A test the
 * marketing service does not configure is a warning and the shopper sees the control.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';

const CONTROL_SEGMENT = 'control';

const segmentPart = z.string().check(z.minLength(1), z.maxLength(64));
export const segmentsSchema = z.record(segmentPart, segmentPart);
export type Segments = z.infer<typeof segmentsSchema>;

/** Stored segments as read back from storage: anything else (tampered, old format) counts as none. */
export function parseSegments(raw: string | null): Segments {
  if (!raw) return {};
  try {
    const parsed = segmentsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Adds a test's segment unless the test already has one: the first assignment stays. */
export const addTest = (segments: Segments, name: string, segment: string): Segments =>
  name in segments ? segments : { ...segments, [name]: segment };

/** Whether the shopper is in `segment` of test `name`; without a stored segment, only the default matches. */
export const inSegment = (segments: Segments, name: string, segment: string, defaultSegment = CONTROL_SEGMENT): boolean =>
  Object.hasOwn(segments, name) ? segments[name] === segment : segment === defaultSegment;

/**
 * The segment the service assigned, or the control with a warning when the service does not configure
 * the test (an answer without segments, or with one not among the test's variants).
 */
export function assignedSegment(
  name: string,
  answer: { segment?: string; variants?: readonly string[] } | undefined,
  warn: (message: string) => void = console.warn,
): string {
  if (!answer?.segment || (answer.variants && !answer.variants.includes(answer.segment))) {
    warn(`A/B test "${name}" is not configured: the control is shown`);
    return CONTROL_SEGMENT;
  }
  return answer.segment;
}
