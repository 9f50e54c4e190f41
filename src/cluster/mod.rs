//! moyo on a cluster: one process per MPI rank (`cargo build --features mpi`, started by
//! `mpirun` or Slurm's `srun`). Rank 0 does what a lone `moyo` does (speaks GTP, runs the
//! bench, tunes, builds books) and leads; every other rank follows, searching what rank 0
//! searches, or playing the tuning games (`tune`) or evaluating the book positions (`book`)
//! rank 0 hands out through `dispatch`.
//!
//! The search is MoGo's cluster parallelization (`search::exchange`): each rank grows its own
//! tree, and at a fixed interval the changes of the nodes near the root travel to rank 0,
//! which sums them and hands each rank the sum of the others' (an all-reduce through rank 0:
//! a star, so that a rank that dies or hangs only drops out of the sum). Nothing ever waits
//! on a follower: sends never block, receives only look, and a rank silent for
//! `cluster_timeout_ms` is reported on stderr and left out from then on.
//!
//! The top layer: it uses the search through `search::exchange::Peers`, and the transport
//! through [`Link`]: MPI under `--features mpi` (`mpi.rs`), channels in the tests.

/// `note!("...")` in a single write, so that the lines of ranks that share one
/// stderr (`mpirun`'s) do not interleave; a closed stderr is ignored.
macro_rules! note {
    ($($arg:tt)*) => {
        $crate::cluster::note_line(format_args!($($arg)*))
    };
}

pub mod book;
mod dispatch;
mod field_codec;
pub mod follower;
pub mod hub;
mod leader;
pub mod message;
pub mod tune;

#[cfg(test)]
mod local;
#[cfg(feature = "mpi")]
pub mod mpi;
#[cfg(test)]
mod tests;

pub use follower::{Follower, FollowerEnd};
pub use hub::{Hub, LEAVE_AFTER_TIMEOUTS};
pub use leader::Leader;

use crate::params::Params;
use parking_lot::Mutex;
use std::sync::Arc;
use std::time::Duration;

/// This process's part in a cluster.
pub enum Role {
    /// Not started as one of several MPI ranks (or built without `--features mpi`).
    Alone,
    /// Rank 0: it leads through the hub, which the searches, the bench and the end of the
    /// session share.
    Leader(Arc<Mutex<Hub>>),
    /// Another rank: it follows rank 0.
    Follower(Box<Follower>),
}

impl Role {
    /// The role of `link`'s rank: its hub or follower, giving up on silent ranks after
    /// `params.cluster_timeout_ms`.
    pub fn of(link: Box<dyn Link>, params: &Params, verbose: bool) -> Role {
        let timeout = Duration::from_millis(u64::from(params.cluster_timeout_ms));
        let (rank, size) = (link.rank(), link.size());
        if rank == 0 {
            if verbose {
                note!("rank 0 of {size} leads (pid {})", std::process::id());
            }
            Role::Leader(Hub::shared(link, timeout))
        } else {
            note!(
                "rank {rank} of {size} follows rank 0 (pid {})",
                std::process::id()
            );
            Role::Follower(Box::new(Follower::new(link, timeout, verbose)))
        }
    }
}

/// Joins the MPI job this process was started in, when built with `--features mpi` and
/// started by `mpirun` or `srun` with two ranks or more; `Role::Alone` otherwise.
pub fn join(params: &Params, verbose: bool) -> Role {
    #[cfg(feature = "mpi")]
    if let Some(link) = mpi::MpiLink::join() {
        return Role::of(Box::new(link), params, verbose);
    }
    let _ = (params, verbose);
    Role::Alone
}

/// Refuses to run as one of several processes an MPI launcher (`mpirun`, `srun`) started
/// when built without `--features mpi`: each would run alone, all into the same files.
pub fn check_launcher() -> Result<(), String> {
    if cfg!(feature = "mpi") {
        return Ok(());
    }
    match launched_by(|name| std::env::var(name).ok()) {
        None => Ok(()),
        Some(why) => Err(format!(
            "started by an MPI launcher ({why}), but this moyo is built without MPI: every \
             process would run alone, into the same files. Build it with `cargo build \
             --release --features mpi`, or start one process"
        )),
    }
}

/// The environment variable (`NAME=value`) that shows this process is one of several an
/// MPI launcher started, with `env` reading the environment; `None` when none does. Open
/// MPI, MPICH/Hydra and PMIx name the size of the job or a rank; Slurm's `srun` names the
/// tasks of its step (a batch script's own `SLURM_NTASKS` alone is not a launch).
fn launched_by(env: impl Fn(&str) -> Option<String>) -> Option<String> {
    let number = |name: &str| {
        env(name).and_then(|v| {
            v.trim()
                .parse::<u64>()
                .ok()
                .map(|n| (n, format!("{name}={v}")))
        })
    };
    for size in ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"] {
        if let Some((n, why)) = number(size)
            && n > 1
        {
            return Some(why);
        }
    }
    for rank in ["OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"] {
        if let Some((n, why)) = number(rank)
            && n > 0
        {
            return Some(why);
        }
    }
    // Slurm: a step's task (srun sets SLURM_STEP_ID) of several.
    if env("SLURM_STEP_ID").is_some()
        && env("SLURM_PROCID").is_some()
        && let Some((n, why)) = number("SLURM_NTASKS")
        && n > 1
    {
        return Some(why);
    }
    None
}

/// Rank 0's peers for a searcher, over `hub`: they wait at most an exchange interval for
/// the followers' last changes at the end of each search.
pub fn leader_peers(hub: &Arc<Mutex<Hub>>, params: &Params, verbose: bool) -> Box<Leader> {
    let wait = Duration::from_millis(u64::from(params.cluster_interval_ms));
    Box::new(Leader::new(hub.clone(), wait, verbose))
}

/// A follower's searcher: the configured threads and memory, and a seed of its own (the
/// ranks must not all play the same playouts).
pub fn follower_searcher(
    params: &Params,
    seed: u64,
    threads: usize,
    memory: usize,
    rank: usize,
) -> crate::search::Searcher {
    let seed = seed ^ (rank as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    crate::search::Searcher::with_memory(params.clone(), seed, threads, memory)
}

/// Message passing between the ranks as the cluster uses it: sends that never wait and
/// receives that only look, so that no peer can block the caller.
pub trait Link: Send {
    /// This process's rank, 0 for the leader.
    fn rank(&self) -> usize;
    /// Number of ranks.
    fn size(&self) -> usize;
    /// Sends `bytes` to rank `to` without waiting for it to take them; an error says the
    /// message cannot go (the rank is gone).
    fn send(&mut self, to: usize, bytes: Vec<u8>) -> Result<(), String>;
    /// A message that has fully arrived, with its sender; `None` when none has.
    fn try_recv(&mut self) -> Option<(usize, Vec<u8>)>;
    /// Gives up on rank `r`: whatever is still on its way to or from it is abandoned.
    fn forget(&mut self, r: usize);
    /// Waits until every message sent has left, or until `deadline`; false if some had not.
    fn flush(&mut self, deadline: std::time::Instant) -> bool;
    /// Ends the message passing; `finalize` when every rank does so too (MPI's finalization
    /// waits for all of them), else the process simply leaves it.
    fn close(&mut self, finalize: bool);
}

/// Writes `moyo: <args>` and a newline on stderr in one write, through the queue that
/// never waits for a reader (see `note!`).
pub(crate) fn note_line(args: std::fmt::Arguments) {
    crate::diag!("moyo: {args}");
}

/// How long a waiting rank sleeps between looks at its messages.
const POLL: std::time::Duration = std::time::Duration::from_millis(1);
