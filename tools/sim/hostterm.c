// SPDX-License-Identifier: GPL-2.0-or-later
/* gtaboot-sim: the host terminal behind the simulated console (hostterm.h). */
#define _GNU_SOURCE /* posix_openpt, ptsname */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "tools/sim/hostterm.h"

static int pty_slave = -1;

void hostterm_pty(FILE **out, int *fd)
{
	/* A pseudo-terminal for picocom, screen or lrzsz's sb, as if the
	 * phone hung on a USB-serial cable. Raw, so YMODEM passes. */
	int m = posix_openpt(O_RDWR | O_NOCTTY), sl;
	struct termios t;

	if (m < 0 || grantpt(m) || unlockpt(m) || !ptsname(m)) {
		fprintf(stderr, "gtaboot-sim: cannot make a pty: %s\n", strerror(errno));
		exit(2);
	}
	sl = open(ptsname(m), O_RDWR | O_NOCTTY);
	if (sl >= 0 && !tcgetattr(sl, &t)) {
		cfmakeraw(&t);
		tcsetattr(sl, TCSANOW, &t);
	}
	/* sl stays open: the master must not see a hang-up while no
	 * program has the terminal open yet. */
	pty_slave = sl;
	fprintf(stderr, "gtaboot-sim: console on %s\n", ptsname(m));
	*out = fdopen(m, "wb");
	setvbuf(*out, NULL, _IONBF, 0);
	*fd = m;
}

/* At the end of a run the master closes and the slave hangs up: Linux then
 * throws away what the program on the pty has not read yet (the last lines,
 * the hand-off's among them, while a busy host let it fall behind). A
 * board's serial port would stay, so the console waits until nothing is
 * left for the reader, at most PTY_LINGER_MS of host time: a pty nobody
 * reads does not hold the end of the run for longer.
 * "Nothing left" is asked with poll() on our own slave descriptor, not
 * FIONREAD: what the master wrote waits in the tty's flip buffer until a
 * kernel worker moves it to the line discipline, and FIONREAD counts only
 * the latter, so under load it said 0 with the last line still in flight
 * (a LAVA job saw the payload's output stop mid-line). n_tty's poll runs
 * that worker's pending work before it answers (Linux
 * drivers/tty/n_tty.c, n_tty_poll()). */
#define PTY_LINGER_MS 2000

void hostterm_pty_drain(void)
{
	struct timespec t0, t;

	if (pty_slave < 0)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		struct pollfd p = { .fd = pty_slave, .events = POLLIN };

		if (poll(&p, 1, 0) != 1 || !(p.revents & POLLIN))
			return;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 >= PTY_LINGER_MS)
			return;
		poll(NULL, 0, 10);
	}
}

/* A terminal on stdin (make run): keys go to the guest as they are typed,
 * not a line at a time, and without the terminal's own echo (the guest
 * echoes). Ctrl-C still ends the simulator. Restored at exit. */
static struct termios saved_tty;

static void stdin_restore(void)
{
	tcsetattr(0, TCSANOW, &saved_tty);
}

static void stdin_signal(int sig)
{
	tcsetattr(0, TCSANOW, &saved_tty);
	signal(sig, SIG_DFL);
	raise(sig);
}

void hostterm_stdin_raw(void)
{
	struct termios t;

	if (!isatty(0) || tcgetattr(0, &saved_tty))
		return;
	t = saved_tty;
	t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	t.c_iflag &= ~(tcflag_t)(ICRNL | IXON);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (!tcsetattr(0, TCSANOW, &t)) {
		atexit(stdin_restore);
		signal(SIGINT, stdin_signal);
		signal(SIGTERM, stdin_signal);
	}
}
