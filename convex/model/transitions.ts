// The shape of a transitions table (STYLE.md rule 8), shared by the job's and the scrap
// listing's state machines. Each model keeps its own refusal rules: who counts as an actor
// (a `system` flag for jobs, a null actor for scrap), which states a legacy row reads as, and
// which refusals get their own message differ per process.

/** One transition: the states it leaves, the one it enters, who runs it, and the verb its refusal uses. */
export interface TransitionRule<Status extends string, Actor extends string> {
  readonly from: readonly Status[];
  readonly to: Status;
  readonly by: Actor;
  /** "A <thing> that is <from> can't be <verb>." */
  readonly verb: string;
}
