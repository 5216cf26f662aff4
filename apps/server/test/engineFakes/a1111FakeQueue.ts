/**
 * The WebUI's one-job-at-a-time machinery, as the fake WebUI runs it. Each behaviour names the
 * upstream file of AUTOMATIC1111/stable-diffusion-webui it copies (Forge keeps these files as they are):
 * - modules/call_queue.py: one `queue_lock` (a FIFOLock) around every generation; a request waits its
 *   turn, and nothing stops it when its HTTP client has gone (the endpoint is a plain sync function, so
 *   FastAPI runs it to the end in its thread pool and throws the answer away).
 * - modules/progress.py: `add_task_to_queue(id)` before the lock (pending_tasks), `start_task(id)` once
 *   inside (current_task), `finish_task(id)` after (finished_tasks, the last 16). /internal/progress reads
 *   these by id; GET /sdapi/v1/progress reads only the global `shared.state` and knows no task id.
 * - modules/shared_state.py: `state.interrupt()` sets one global flag that the sampler checks every
 *   step, whatever job runs, any client's; `state.begin()` clears it, so an interrupt sent while idle
 *   or while a job waits in the queue is lost once the next job begins.
 * - modules/api/api.py text2imgapi/img2imgapi: `finish_task` sits inside the `try` but not in its
 *   `finally`, so a job that raises stays the `current_task` until the next job starts.
 */

export interface FakeJob {
  /** force_task_id, or the WebUI's own `task(…)` id */
  readonly id: string
  /** who sent it: "mido" when it carries Mido's force_task_id prefix, else another client */
  readonly client: string
  readonly steps: number
  step: number
  interrupted: boolean
  /** set once the job has drawn to its end (interrupted or not) */
  done: boolean
}

const FINISHED_KEPT = 16

export const makeJobQueue = (stepMs: number) => {
  const pending = new Map<string, number>()
  const finished: Array<string> = []
  const jobs: Array<FakeJob> = []
  let currentTask: string | undefined
  let lock: Promise<unknown> = Promise.resolve()
  // shared.state: the one job the sampler works on, with its step counters and the live preview id
  const state = { jobCount: 0, samplingStep: 0, samplingSteps: 0, interrupted: false, timeStart: 0, idLivePreview: -1, running: undefined as FakeJob | undefined }

  /** Waits its turn on the lock, draws `steps` steps (stopping early on an interrupt), then `after` runs still holding the lock. */
  const run = <T>(id: string, client: string, steps: number, after: (job: FakeJob) => Promise<T>): Promise<T> => {
    const job: FakeJob = { id, client, steps, step: 0, interrupted: false, done: false }
    jobs.push(job)
    pending.set(id, Date.now())
    const turn = lock.then(async () => {
      // state.begin(): a fresh job clears any interrupt left from before
      Object.assign(state, { jobCount: 1, samplingStep: 0, samplingSteps: steps, interrupted: false, timeStart: Date.now(), idLivePreview: -1, running: job })
      currentTask = id
      pending.delete(id)
      while (job.step < steps && !state.interrupted) {
        await new Promise((resolve) => setTimeout(resolve, stepMs))
        job.step += 1
        state.samplingStep = job.step
        // set_current_image: a new live preview every step (show_progress_every_n_steps = 1)
        state.idLivePreview = job.step
      }
      // an interrupted sampler still hands back what it has: the images are made and answered
      job.interrupted = state.interrupted
      try {
        const answer = await after(job)
        // finish_task(id): only on success (a job that raised stays current_task)
        if (currentTask === id) currentTask = undefined
        finished.push(id)
        if (finished.length > FINISHED_KEPT) finished.shift()
        return answer
      } finally {
        job.done = true
        // state.end()
        Object.assign(state, { jobCount: 0, samplingStep: 0, samplingSteps: 0, running: undefined })
      }
    })
    lock = turn.catch(() => undefined)
    return turn
  }

  return {
    run,
    jobs,
    state,
    /** modules/progress.py progressapi: is this id the current task, queued, completed */
    lookup: (id: string) => ({ active: id === currentTask, queued: pending.has(id), completed: finished.includes(id) }),
    /** modules/api/api.py interruptapi → shared_state.py State.interrupt: global, no task id */
    interrupt: () => {
      state.interrupted = true
      if (state.running !== undefined) state.running.interrupted = true
    }
  }
}

export type JobQueue = ReturnType<typeof makeJobQueue>
