//! The cluster's link over MPI (the `mpi` crate over Open MPI): messages of bytes on
//! `MPI_COMM_WORLD` under one tag, none of which waits on a peer. A send is an `MPI_Isend`
//! whose buffer the link keeps until `MPI_Test` says it has left; a receive looks with
//! `MPI_Improbe` and takes the message with `MPI_Imrecv`. Errors return
//! (`MPI_ERRORS_RETURN`) instead of aborting the job, so a lost rank shows as a failed call.
//!
//! For the job to outlive a rank that dies, Open MPI's `mpirun` needs `--enable-recovery`
//! (README, "Cluster"); without it, the launcher ends every rank when one dies.

use super::{Link, POLL};
use mpi::ffi;
use mpi::raw::AsRaw;
use mpi::topology::Communicator;
use std::os::raw::{c_int, c_void};
use std::time::Instant;

/// The tag of every message (issue 41).
const TAG: c_int = 41;

/// `MPI_SUCCESS`.
const OK: c_int = ffi::MPI_SUCCESS as c_int;

/// Environment variables that MPI launchers set (Open MPI's `mpirun`, PMIx under Slurm's
/// `srun`, MPICH's Hydra): without one, the process was started alone and MPI is left out.
const LAUNCHER_VARS: [&str; 4] = ["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"];

/// A message on its way: its request and the buffer MPI reads or writes until it completes.
struct PendingMessage {
    rank: usize,
    req: ffi::MPI_Request,
    buf: Vec<u8>,
}

/// This process's end of the MPI job.
pub struct MpiLink {
    universe: Option<mpi::environment::Universe>,
    comm: ffi::MPI_Comm,
    rank: usize,
    size: usize,
    sends: Vec<PendingMessage>,
    recvs: Vec<PendingMessage>,
    /// Messages to or from ranks given up on: never completed, never freed.
    abandoned: Vec<PendingMessage>,
}

// SAFETY: the handles are pointers into the MPI library, which `join` initializes with
// `MPI_THREAD_SERIALIZED`: any thread may call MPI as long as no two do so at once, and every
// call goes through `&mut self`.
unsafe impl Send for MpiLink {}

impl MpiLink {
    /// Joins the MPI job when a launcher started this process with two ranks or more;
    /// `None` when started alone (or as the only rank, or when MPI fails to start).
    pub fn join() -> Option<MpiLink> {
        if !LAUNCHER_VARS.iter().any(|v| std::env::var_os(v).is_some()) {
            return None;
        }
        let Some((universe, _)) = mpi::initialize_with_threading(mpi::Threading::Serialized) else {
            note!("MPI did not start: running alone");
            return None;
        };
        let world = universe.world();
        let comm = world.as_raw();
        // SAFETY: `comm` is MPI_COMM_WORLD of the MPI just initialized, and the error handler
        // is a predefined one.
        unsafe {
            ffi::MPI_Comm_set_errhandler(comm, ffi::RSMPI_ERRORS_RETURN);
        }
        let mut link = MpiLink {
            universe: Some(universe),
            comm,
            rank: world.rank().max(0) as usize,
            size: world.size().max(1) as usize,
            sends: Vec::new(),
            recvs: Vec::new(),
            abandoned: Vec::new(),
        };
        if link.size < 2 {
            link.close(true);
            return None;
        }
        Some(link)
    }

    /// Tests the sends on their way and drops those that have left (or failed).
    fn progress(&mut self) {
        let mut i = 0;
        while i < self.sends.len() {
            match test(&mut self.sends[i].req) {
                Ok(false) => i += 1,
                Ok(true) => {
                    self.sends.swap_remove(i);
                }
                Err(_) => self.abandoned.push(self.sends.swap_remove(i)),
            }
        }
    }

    /// A receive that has completed, if any.
    fn completed_recv(&mut self) -> Option<(usize, Vec<u8>)> {
        let mut i = 0;
        while i < self.recvs.len() {
            match test(&mut self.recvs[i].req) {
                Ok(false) => i += 1,
                Ok(true) => {
                    let p = self.recvs.swap_remove(i);
                    return Some((p.rank, p.buf));
                }
                Err(_) => self.abandoned.push(self.recvs.swap_remove(i)),
            }
        }
        None
    }
}

/// Whether the request has completed; an error code if it failed.
fn test(req: &mut ffi::MPI_Request) -> Result<bool, c_int> {
    let mut flag: c_int = 0;
    // SAFETY: `req` is an active request of this process's MPI (or the null request, which
    // tests as complete), and the status is written into a local zeroed struct.
    let rc = unsafe {
        let mut status: ffi::MPI_Status = std::mem::zeroed();
        ffi::MPI_Test(req, &mut flag, &mut status)
    };
    if rc != OK { Err(rc) } else { Ok(flag != 0) }
}

impl Link for MpiLink {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn send(&mut self, to: usize, bytes: Vec<u8>) -> Result<(), String> {
        let len = c_int::try_from(bytes.len()).map_err(|_| "message too long".to_string())?;
        let dest = c_int::try_from(to).map_err(|_| format!("no rank {to}"))?;
        let mut p = PendingMessage {
            rank: to,
            // SAFETY: reading an extern static constant of the MPI library.
            req: unsafe { ffi::RSMPI_REQUEST_NULL },
            buf: bytes,
        };
        // SAFETY: the buffer is `len` valid bytes that stay where they are (a Vec's heap
        // block does not move when the Vec does) until the request completes or is
        // abandoned, and abandoned buffers are never freed.
        let rc = unsafe {
            ffi::MPI_Isend(
                p.buf.as_ptr().cast::<c_void>(),
                len,
                ffi::RSMPI_UINT8_T,
                dest,
                TAG,
                self.comm,
                &mut p.req,
            )
        };
        if rc != OK {
            return Err(format!("MPI_Isend failed with code {rc}"));
        }
        self.sends.push(p);
        self.progress();
        Ok(())
    }

    fn try_recv(&mut self) -> Option<(usize, Vec<u8>)> {
        self.progress();
        if let Some(m) = self.completed_recv() {
            return Some(m);
        }
        let mut flag: c_int = 0;
        // SAFETY: MPI_Improbe writes the matched message and its status into the locals; the
        // communicator is the world of the MPI this link initialized.
        let (rc, mut message, status) = unsafe {
            let mut message = ffi::RSMPI_MESSAGE_NULL;
            let mut status: ffi::MPI_Status = std::mem::zeroed();
            let rc = ffi::MPI_Improbe(
                ffi::RSMPI_ANY_SOURCE,
                TAG,
                self.comm,
                &mut flag,
                &mut message,
                &mut status,
            );
            (rc, message, status)
        };
        if rc != OK || flag == 0 {
            return None;
        }
        let mut count: c_int = 0;
        // SAFETY: the status was filled by the probe that matched the message.
        unsafe { ffi::MPI_Get_count(&status, ffi::RSMPI_UINT8_T, &mut count) };
        let mut p = PendingMessage {
            rank: status.MPI_SOURCE.max(0) as usize,
            // SAFETY: reading an extern static constant of the MPI library.
            req: unsafe { ffi::RSMPI_REQUEST_NULL },
            buf: vec![0u8; count.max(0) as usize],
        };
        // SAFETY: the buffer holds exactly the message's `count` bytes and stays in place
        // until the request completes (the PendingMessage keeps it); `message` is the handle the
        // probe matched, which MPI_Imrecv consumes.
        let rc = unsafe {
            ffi::MPI_Imrecv(
                p.buf.as_mut_ptr().cast::<c_void>(),
                count.max(0),
                ffi::RSMPI_UINT8_T,
                &mut message,
                &mut p.req,
            )
        };
        if rc != OK {
            return None;
        }
        self.recvs.push(p);
        self.completed_recv()
    }

    fn forget(&mut self, r: usize) {
        for list in [&mut self.sends, &mut self.recvs] {
            let (gone, kept): (Vec<PendingMessage>, Vec<PendingMessage>) =
                list.drain(..).partition(|p| p.rank == r);
            *list = kept;
            self.abandoned.extend(gone);
        }
    }

    fn flush(&mut self, deadline: Instant) -> bool {
        loop {
            self.progress();
            if self.sends.is_empty() {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(POLL);
        }
    }

    fn close(&mut self, finalize: bool) {
        let Some(universe) = self.universe.take() else {
            return;
        };
        // Finalization with messages still on their way is an error: only when all left.
        if finalize && self.sends.is_empty() && self.abandoned.is_empty() {
            drop(universe);
        } else {
            std::mem::forget(universe);
        }
    }
}

impl Drop for MpiLink {
    fn drop(&mut self) {
        // MPI may still write into the buffers of requests that never completed.
        std::mem::forget(std::mem::take(&mut self.abandoned));
        std::mem::forget(std::mem::take(&mut self.recvs));
        if let Some(u) = self.universe.take() {
            std::mem::forget(u);
        }
    }
}
