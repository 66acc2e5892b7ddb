import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function untilOpen(port: number, ms = 15_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port} after ${ms} ms`);
}

export interface Service {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
}

/** Debian's redis-server, in memory only, on loopback. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await untilOpen(port);
  return { port, child, stop: stopper(child) };
}

/**
 * Debian's nginx in front of the given upstream ports: round robin, kept-alive upstream connections, and a failed
 * connection or a reset on an idempotent request tried on the next process (nginx's default for GET and HEAD).
 */
export function startNginx(dir: string, upstreams: number[]): Promise<Service> {
  return runNginx(dir, (port) => nginxConf(port, upstreams, dir));
}

/**
 * nginx for the API suite (`API_THROUGH_NGINX=1`): each test file's app listens on a port of its own and names it
 * in the `X-Lectern-Upstream` header, so every file's calls pass through one proxy with the drill's proxy settings.
 */
export function startRoutingNginx(dir: string): Promise<Service> {
  return runNginx(dir, (port) => routingNginxConf(port, dir));
}

async function runNginx(dir: string, conf: (port: number) => string): Promise<Service> {
  const port = await freePort();
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf(port));
  const child = spawn('nginx', ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  await untilOpen(port).catch((e: unknown) => {
    throw new Error(`nginx did not start: ${err || String(e)}`);
  });
  return { port, child, stop: stopper(child) };
}

/** The proxy settings of every drill location; the README's example has the same. */
const PROXY_SETTINGS = `      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;`;

function httpBlock(dir: string, body: string): string {
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${body}
}
`;
}

/** The nginx configuration of the drill; the README's example is the same upstream and proxy block. */
export function nginxConf(port: number, upstreams: number[], dir: string): string {
  return httpBlock(
    dir,
    `  upstream lectern {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 51m;
    location / {
      proxy_pass http://lectern;
${PROXY_SETTINGS}
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }`,
  );
}

function routingNginxConf(port: number, dir: string): string {
  return httpBlock(
    dir,
    `  server {
    listen 127.0.0.1:${port};
    # Room for the suite's over-limit uploads, so the app's own limits answer them.
    client_max_body_size 64m;
    location / {
      if ($http_x_lectern_upstream !~ "^[0-9]+$") { return 421; }
      proxy_pass http://127.0.0.1:$http_x_lectern_upstream;
${PROXY_SETTINGS}
    }
  }`,
  );
}
