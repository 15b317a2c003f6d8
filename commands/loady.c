// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loady: a file over the console with YMODEM (lib/transfer/ymodem; Forsberg's
 * "XMODEM/YMODEM Protocol Reference"), into free RAM below gtaboot's own
 * SDRAM buffers. No TRM chapter: UART3 through common/console.
 */
#include "common/boot.h"
#include "common/cli.h"
#include "common/console.h"
#include "common/memcheck.h"
#include "common/environment.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/transfer/ymodem.h"

static int y_getc(void *ctx, unsigned ms)
{
	return console_getc_timeout(ms);
}

static void y_putc(void *ctx, uint8_t c)
{
	console_putc((char)c);
}

static int do_loady(int argc, char *const argv[])
{
	const struct ymodem y = { .getc = y_getc, .putc = y_putc, .start_tries = 60 };
	struct ymodem_file f;
	unsigned long addr = var_addr("loadaddr", KERNEL_ADDR_R);
	uint32_t end;
	int err;

	if (argc > 2)
		return cmd_usage(argv);
	if (argc == 2 && arg_hex(argv, 1, "address", 0xFFFFFFFFul, &addr))
		return -EINVAL;
	if (mem_check_free("loady", addr, 1))
		return -EINVAL;
	/* The file may run up to the framebuffer, gtaboot's area or the end
	 * of RAM, whichever comes first behind addr. */
	end = cmd_free_end(addr);
	printf("loady: ready for YMODEM at 0x%08lx (up to %u bytes); Ctrl-C aborts\n", addr,
	       (unsigned)(end - addr));
	console_flush();
	err = ymodem_receive(&y, (void *)addr, end - addr, &f);
	if (err) {
		pr_err("\nerror: loady: %s after %u bytes\n",
		       err == -ECANCELED ? "cancelled" : err == -ETIMEDOUT ? "timed out" :
		       err == -EFBIG ? "file too large" : errname(err), (unsigned)f.size);
		return err;
	}
	printf("\nloady: '%s', %u bytes (0x%x) at 0x%08lx\n", f.name, (unsigned)f.size,
	       (unsigned)f.size, addr);
	var_set_hex("filesize", f.size);
	var_set_hex("fileaddr", addr);
	return 0;
}
CMD(loady, "loady", do_loady, "loady [addr]",
    "receive a file with YMODEM (default $loadaddr); sets filesize");
