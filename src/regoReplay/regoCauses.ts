/**
 * The causes of a Rego change for one event (docs/rego.md "The report"): replayed, by reverting
 * each edit (regoBecause.ts), when the replay attributes counterfactually; otherwise read from the
 * policies, the edits either side's decision can reach, one set shared by every change.
 */
import type { SideEvaluation } from '../regoPolicy/classify.js';
import { becauseOf, type Because } from '../regoPolicy/regoBecause.js';
import type { RegoEvent } from '../regoPolicy/regoEvent.js';
import { evaluateSide } from '../regoPolicy/sideEvaluation.js';
import type { PreparedRego } from './regoPrepare.js';

/** One edit is its own cause. */
const OWN_CAUSE: Because = { edits: [0], joint: false };

/** The causes read from the policies (the edits the decision can reach). */
export const readCauses = (p: PreparedRego): Because => (p.edits!.length === 1 ? OWN_CAUSE : p.syntactic);

/** The causes of a changed record. */
export async function causes(p: PreparedRego, event: RegoEvent, head: SideEvaluation): Promise<Because> {
  if (!p.counterfactual) return readCauses(p);
  return becauseOf(p.edits!, head, async (side) => {
    const answer = await evaluateSide(p.engine, side, p.variants.get(side)!, event);
    return answer.evaluation;
  });
}
