/** One configured outside service, checked with a harmless call by the doctor command; never prints secrets. */
export interface ServiceCheck {
  readonly name: string
  readonly check: () => Promise<{ readonly ok: boolean; readonly detail: string }>
}
