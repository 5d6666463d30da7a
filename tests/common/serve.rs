//! A `tetrarch serve` child process and a plain HTTP exchange, shared by
//! the playground's tests (`tests/playground.rs`, `tests/server_api.rs`,
//! `tests/storage.rs`) and its load test (`tests/load/`, which includes
//! this file with `#[path]`).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A child process, killed when dropped.
pub struct KillOnDrop(pub Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A running `tetrarch serve`, killed when dropped.
pub struct Server {
    process: KillOnDrop,
    /// Its address as it announced it: `http://127.0.0.1:PORT`.
    pub base: String,
}

impl Server {
    /// Runs `exe serve --port 0` with the further `args` and waits for the
    /// line that announces its address.
    pub fn start(exe: &Path, args: &[&str]) -> Server {
        Server::start_on(exe, 0, args)
    }

    /// [`Server::start`] on a given port (0: any free one).
    pub fn start_on(exe: &Path, port: u16, args: &[&str]) -> Server {
        let mut child = Command::new(exe)
            .args(["serve", "--port", &port.to_string()])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start: {e}", exe.display()));
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the server announces its address");
        let base = line
            .trim()
            .strip_prefix("tetrarch serve: listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .to_string();
        Server {
            process: KillOnDrop(child),
            base,
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.process.0.id()
    }

    /// Kills the server at once (SIGKILL: nothing is saved on the way out).
    pub fn kill(mut self) {
        let _ = self.process.0.kill();
        let _ = self.process.0.wait();
    }

    /// Asks the server to stop (SIGTERM) and waits for it; its exit
    /// status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.process.0.id().to_string();
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        self.process.0.wait().expect("the server exits")
    }
}

/// The answer to an HTTP request.
pub struct Reply {
    /// The status code.
    pub code: u16,
    /// The status line and the headers.
    pub head: String,
    /// The body.
    pub body: String,
}

/// One HTTP/1.1 exchange with the standard library (a test needs nothing
/// more): `method` on `url` (`http://HOST:PORT/path`) with a JSON `body`.
pub fn http(method: &str, url: &str, body: &str) -> Reply {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let mut stream = std::net::TcpStream::connect(host).expect("the server accepts");
    write!(
        stream,
        "{method} /{path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("a reply");
    let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
    let code = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status code");
    Reply {
        code,
        head: head.to_string(),
        body: body.to_string(),
    }
}

/// A variant file whose check costs the server seconds: 3,000 children of a
/// 16 × 16 variant of riders (the audit's heavy `/api/check`).
pub fn heavy_rider_file() -> String {
    let mut text = String::from(
        "[rider:chess]\nmaxFile = 16\nmaxRank = 16\ncustomPiece1 = a:QN\ncustomPiece2 = c:BBNN\n\
         startFen = aaaaaaakaaaaaaaa/cccccccccccccccc/pppppppppppppppp/16/16/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/CCCCCCCCCCCCCCCC/AAAAAAAKAAAAAAAA w - - 0 1\n\
         castling = false\npromotionRegionWhite = *16\npromotionRegionBlack = *1\n",
    );
    for i in 0..3000 {
        text.push_str(&format!("[r{i}:rider]\n"));
    }
    text
}
