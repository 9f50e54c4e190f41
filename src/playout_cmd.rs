//! `moyo playout train|predict|balance`: the command line of the softmax playout policy's
//! trainer (`moyo::playout::softmax::train`) and of its simulation balancing
//! (`moyo::balance`).

use clap::Subcommand;
use moyo::playout::softmax::{Weights, train};
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the competitions come from: the records' moves, or the heavy policy's.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct ImitateArgs {
    /// Learn (or predict) the default heavy policy's playout moves instead of the records':
    /// one heavy playout from every K-th position of each record (0: the records' moves).
    #[arg(long, default_value_t = 0, value_name = "K")]
    imitate_heavy: usize,
    /// The seed of those heavy playouts.
    #[arg(long, default_value_t = 1)]
    imitate_seed: u64,
}

impl ImitateArgs {
    /// (k, seed) as the trainer takes them.
    fn pair(self) -> (usize, u64) {
        (self.imitate_heavy, self.imitate_seed)
    }
}

#[derive(Subcommand, Debug)]
pub enum PlayoutCommand {
    /// Fits the softmax playout weights by Minorization-Maximization on SGF collections
    /// (progress on stderr; the weights are checkpointed after every iteration and a rerun
    /// resumes from them).
    Train {
        /// SGF files (collections, one game per line allowed).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// At most this many games, in file order.
        #[arg(long, default_value_t = usize::MAX)]
        max_games: usize,
        /// The weights written at the end.
        #[arg(long, default_value = "patterns/playout-softmax.txt")]
        out: PathBuf,
        /// The checkpoint (default: the output with `.ckpt` appended).
        #[arg(long)]
        checkpoint: Option<PathBuf>,
        /// MM iterations in all.
        #[arg(long, default_value_t = 12)]
        iterations: usize,
        /// 3x3 shapes played fewer times than this share one gamma.
        #[arg(long, default_value_t = 3)]
        min_count: u32,
        #[command(flatten)]
        imitate: ImitateArgs,
    },
    /// Simulation balancing: values positions sampled from SGF games by deep searches, then
    /// moves the shape gammas so that the playouts' mean outcomes match those values
    /// (progress on stderr; resumable: the same command again goes on).
    Balance(moyo::balance::BalanceConfig),
    /// Move prediction on SGF collections: `top1 P` and `uniform_top1 P` (percent), the mean
    /// log-likelihoods of the moves played, `positions N`, `games N`.
    Predict {
        /// SGF files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// At most this many games, in file order.
        #[arg(long, default_value_t = usize::MAX)]
        max_games: usize,
        /// Weights to use instead of the built-in ones.
        #[arg(long)]
        weights: Option<PathBuf>,
        #[command(flatten)]
        imitate: ImitateArgs,
    },
}

/// Runs a `moyo playout` command.
pub fn run(command: PlayoutCommand) -> ExitCode {
    let result = match command {
        PlayoutCommand::Train {
            files,
            max_games,
            out,
            checkpoint,
            iterations,
            min_count,
            imitate,
        } => {
            let checkpoint = checkpoint.unwrap_or_else(|| train::default_checkpoint(&out));
            train::run(&train::SoftmaxTrainConfig {
                files,
                max_games,
                out,
                checkpoint,
                iterations,
                min_count,
                imitate_heavy: imitate.imitate_heavy,
                seed: imitate.imitate_seed,
            })
        }
        PlayoutCommand::Balance(cfg) => moyo::balance::run(&cfg),
        PlayoutCommand::Predict {
            files,
            max_games,
            weights,
            imitate,
        } => {
            let loaded = weights.map(|path| Weights::load(&path)).transpose();
            loaded
                .and_then(|w| {
                    let w = w.as_ref().unwrap_or(Weights::builtin());
                    train::predict(&files, max_games, imitate.pair(), w)
                })
                .map(|report| print!("{report}"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            moyo::diag!("moyo playout: {e}");
            ExitCode::FAILURE
        }
    }
}
