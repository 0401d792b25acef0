// Asynchronous instance work (provisioning, boot, shutdown, resize, clone, restore, snapshot, disks).
// Modes: instant (default), a fixed delay, or held until released (for the no-running-actions
// preconditions and the concurrent-clone limit). Each job emits an event with percent_complete moving.
import type { Account, EventRecord, State } from "./state.ts";

/** how long a job runs under the `jobs-delayed` variant */
export const DELAYED_MS = 150;

export type JobMode = { kind: "instant" } | { kind: "delay"; ms: number } | { kind: "held" };

export interface Job {
  id: number;
  vmId: number;
  action: string;
  /** source instance of a clone (for the per-source concurrency limit) */
  cloneOf?: number;
  event: EventRecord;
  work: () => void;
  done: boolean;
}

export class Jobs {
  private pending: Job[] = [];
  private timers = new Set<NodeJS.Timeout>();
  constructor(
    private state: () => State,
    public mode: JobMode = { kind: "instant" },
    /** the `jobs-delayed` variant: work that would be instant takes DELAYED_MS instead */
    private delayed: () => boolean = () => false,
  ) {}

  /**
   * Start work on an instance. The event is recorded at once (status started, or scheduled while
   * held); the work's effect is applied when the job finishes.
   */
  start(
    account: Account,
    opts: { vmId: number; vmLabel: string; action: string; username: string; cloneOf?: number },
    work: () => void,
  ): Job {
    const state = this.state();
    const mode: JobMode =
      this.mode.kind === "instant" && this.delayed()
        ? { kind: "delay", ms: DELAYED_MS }
        : this.mode;
    const instant = mode.kind === "instant";
    const event = state.emit(account, {
      action: opts.action,
      username: opts.username,
      entity: {
        id: opts.vmId,
        label: opts.vmLabel,
        type: "vm",
        url: `/v4/vm/instances/${opts.vmId}`,
      },
      status: instant ? "finished" : mode.kind === "held" ? "scheduled" : "started",
      percent_complete: instant ? 100 : 0,
    });
    const job: Job = {
      id: state.id(),
      vmId: opts.vmId,
      action: opts.action,
      cloneOf: opts.cloneOf,
      event,
      work,
      done: false,
    };
    if (instant) return this.finish(job);
    this.pending.push(job);
    if (mode.kind === "delay") {
      const ms = mode.ms;
      const half = setTimeout(() => !job.done && (job.event.percent_complete = 50), ms / 2);
      const end = setTimeout(() => this.finish(job), ms);
      this.timers.add(half).add(end);
    }
    return job;
  }

  private finish(job: Job): Job {
    if (job.done) return job;
    job.done = true;
    job.work();
    job.event.status = "finished";
    job.event.percent_complete = 100;
    job.event.duration = Math.max(
      0,
      (this.state().now().getTime() - Date.parse(job.event.created)) / 1000,
    );
    this.pending = this.pending.filter((j) => j !== job);
    return job;
  }

  /** running or queued jobs on an instance */
  active(vmId: number): Job[] {
    return this.pending.filter((j) => j.vmId === vmId);
  }

  activeClones(sourceVmId: number): Job[] {
    return this.pending.filter((j) => j.cloneOf === sourceVmId);
  }

  hold() {
    this.mode = { kind: "held" };
  }

  /** Run every held job to completion; later jobs are instant again. */
  release() {
    this.mode = { kind: "instant" };
    for (const j of [...this.pending]) this.finish(j);
  }

  stop() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.pending = [];
  }
}
