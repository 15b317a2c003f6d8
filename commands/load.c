// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * U-Boot's serial loaders besides loady: loadx (XMODEM, lib/transfer/ymodem),
 * loads (Motorola S-records, lib/transfer/srec) and loadb (Kermit, lib/transfer/kermit),
 * with U-Boot's messages (cmd/load.c). Everything lands in free RAM; the
 * console runs at one speed, so a baud rate other than it is refused.
 */
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/memcheck.h"
#include "common/sysinfo.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/transfer/kermit.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/transfer/srec.h"
#include "lib/string.h"
#include "lib/transfer/ymodem.h"

#define CONSOLE_BAUD 115200

/* [addr [baud]] as U-Boot's loadx/loadb read them. */
static int load_args(int argc, char *const argv[], unsigned long *addr)
{
	unsigned long baud;

	*addr = var_addr("loadaddr", KERNEL_ADDR_R);
	if (argc > 3)
		return cmd_usage(argv);
	if (argc > 1 && arg_hex(argv, 1, "address", 0xFFFFFFFFul, addr))
		return -EINVAL;
	if (argc > 2 && (arg_dec(argv, 2, "baud rate", 4000000, &baud) ||
			 (baud && baud != CONSOLE_BAUD)))
		return cmd_error(argv, "the console stays at %u bps", CONSOLE_BAUD);
	return mem_check_free(argv[0], *addr, 1) ? -EINVAL : 0;
}

static void loaded(uint32_t addr, uint32_t size)
{
	printf("## Total Size      = 0x%08x = %u Bytes\n## Start Addr      = 0x%08X\n",
	       (unsigned)size, (unsigned)size, (unsigned)addr);
	var_set_hex("filesize", size);
	var_set_hex("fileaddr", addr);
}

static int x_getc(void *ctx, unsigned ms)
{
	return console_getc_timeout(ms);
}

static void x_putc(void *ctx, uint8_t c)
{
	console_putc((char)c);
}

/* A binary download that failed: gtaboot's reason, then U-Boot's line. */
static int aborted(const char *cmd, const char *mode, int err, uint32_t size)
{
	pr_err("\nerror: %s: %s after %u bytes\n## Binary (%s) download aborted\n", cmd,
	       err == -ECANCELED ? "cancelled" : err == -ETIMEDOUT ? "timed out" :
	       err == -EFBIG ? "file too large for the free RAM" : errname(err),
	       (unsigned)size, mode);
	return 1;
}

static int do_loadx(int argc, char *const argv[])
{
	const struct ymodem y = { .getc = x_getc, .putc = x_putc, .start_tries = 60,
				  .xmodem = true };
	struct ymodem_file f;
	unsigned long addr;
	int err;

	if (load_args(argc, argv, &addr))
		return -EINVAL;
	printf("## Ready for binary (xmodem) download to 0x%08lX at %u bps...\n", addr,
	       CONSOLE_BAUD);
	console_flush();
	err = ymodem_receive(&y, (void *)addr, cmd_free_end(addr) - addr, &f);
	if (err)
		return aborted("loadx", "xmodem", err, f.size);
	loaded(addr, f.size);
	return 0;
}
CMD(loadx, "loadx", do_loadx, "loadx [addr [baud]]",
    "load binary file over serial line (xmodem mode; default $loadaddr)");

static int do_loadb(int argc, char *const argv[])
{
	const struct kermit k = { .getc = x_getc, .putc = x_putc, .start_tries = 60 };
	struct kermit_file f;
	unsigned long addr;
	int err;

	if (load_args(argc, argv, &addr))
		return -EINVAL;
	printf("## Ready for binary (kermit) download to 0x%08lX at %u bps...\n", addr,
	       CONSOLE_BAUD);
	console_flush();
	err = kermit_receive(&k, (void *)addr, cmd_free_end(addr) - addr, &f);
	/* what the sender's program adds after the transfer (U-Boot waits
	 * 100 ms for it too) */
	for (unsigned i = 0; i < 4096 && console_getc_timeout(100) >= 0; i++)
		;
	if (err)
		return aborted("loadb", "kermit", err, f.size);
	loaded(addr, f.size);
	return 0;
}
CMD(loadb, "loadb", do_loadb, "loadb [addr [baud]]",
    "load binary file over serial line (kermit mode; default $loadaddr)");

/* One line of S-records: up to a CR or LF; -ECANCELED for Ctrl-C or a
 * NUL (U-Boot's), -ETIMEDOUT after 60 s of silence, -E2BIG too long. */
static int read_line(char *buf, size_t size, bool echo)
{
	size_t n = 0;

	for (;;) {
		int c = console_getc_timeout(60000);

		if (c < 0)
			return -ETIMEDOUT;
		if (echo)
			console_putc((char)c);
		if (c == '\r' || c == '\n') {
			buf[n] = 0;
			return (int)n;
		}
		if (c == 0 || c == 0x03)
			return -ECANCELED;
		if (n + 1 >= size)
			return -E2BIG;
		buf[n++] = (char)c;
	}
}

static int do_loads(int argc, char *const argv[])
{
	static char line[2 * 256 + 8];
	const char *echo = var_get("loads_echo"), *why;
	unsigned long off = 0;
	uint32_t first = 0xFFFFFFFFu, last = 0, lines = 0;
	struct srec r;
	int n, err;

	if (argc > 2)
		return cmd_usage(argv);
	if (argc > 1 && arg_hex(argv, 1, "offset", 0xFFFFFFFFul, &off))
		return -EINVAL;
	printf("## Ready for S-Record download ...\n");
	console_flush();
	for (;;) {
		n = read_line(line, sizeof(line), echo && echo[0] == '1');
		if (n == 0)
			continue;
		if (n < 0) {
			pr_err("\nerror: loads: %s\n", n == -ECANCELED ? "cancelled" :
			       n == -ETIMEDOUT ? "no record for 60 s" : "record too long");
			break;
		}
		err = srec_decode(line, (size_t)n, &r, &why);
		if (err) {
			pr_err("\nerror: loads: line %u: %s\n", (unsigned)lines + 1, why);
			break;
		}
		if (SREC_IS_DATA(r.type) && r.len) {
			uint32_t a = (uint32_t)(r.addr + off);

			if (mem_check_free("loads", a, r.len)) {
				pr_err("\nCannot overwrite reserved area (%08x..%08x)\n", (unsigned)a,
				       (unsigned)(a + r.len));
				break;
			}
			memcpy((void *)(uintptr_t)a, r.data, r.len);
			first = a < first ? a : first;
			last = a + r.len - 1 > last ? a + r.len - 1 : last;
		} else if (SREC_IS_END(r.type)) {
			uint32_t size = first <= last ? last - first + 1 : 0;

			printf("\n## First Load Addr = 0x%08X\n## Last  Load Addr = 0x%08X\n"
			       "## Total Size      = 0x%08X = %u Bytes\n", (unsigned)first,
			       (unsigned)last, (unsigned)size, (unsigned)size);
			var_set_hex("filesize", size);
			printf("## Start Addr      = 0x%08X\n", (unsigned)r.addr);
			return 0;
		}
		if (++lines % 100 == 0 && !(echo && echo[0] == '1'))
			console_putc('.');
	}
	printf("## S-Record download aborted\n");
	return 1;
}
CMD(loads, "loads", do_loads, "loads [ off ]",
    "load S-Record file over serial line with offset 'off'");
