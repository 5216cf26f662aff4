/** The draw types the work store keeps for /aigc (spec §4). */
export const DrawType = { quick: 1, quick_mj: 2 } as const
