// SPDX-License-Identifier: GPL-2.0-or-later
/* Unit tests for lib/shell/hush and lib/shell/shexpr: every construct the U-Boot
 * scripts of GTA04 and BeagleBoard owners and labgrid use, every bound
 * and syntax error, with commands faked by a stub. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "tests/unit/helpers.h"
#include "lib/errno.h"
#include "lib/shell/hush.h"
#include "lib/shell/shexpr.h"

static char envbuf[4096], localbuf[1024];
static char arena[16384] __attribute__((aligned(8)));
static struct env env;
static struct hush shell;
static char out[65536];
static int ctrlc_after;         /* Ctrl-C at the n-th poll; 0: never */
static int polls, ran;

static void put(const char *s)
{
	size_t n = strlen(out);

	snprintf(out + n, sizeof(out) - n, "%s", s);
}

static int stub_run(void *ctx, int argc, char *const argv[])
{
	const char *why;
	uint32_t v;
	char buf[32];

	ran++;
	if (!strcmp(argv[0], "echo")) {
		for (int i = 1; i < argc; i++) {
			put(i > 1 ? " " : "");
			put(argv[i]);
		}
		put("\n");
		return 0;
	}
	if (!strcmp(argv[0], "args")) {      /* [a|b|c] */
		put("[");
		for (int i = 1; i < argc; i++) {
			put(i > 1 ? "|" : "");
			put(argv[i]);
		}
		put("]\n");
		return 0;
	}
	if (!strcmp(argv[0], "true"))
		return 0;
	if (!strcmp(argv[0], "false"))
		return 1;
	if (!strcmp(argv[0], "errno"))
		return -EIO;
	if (!strcmp(argv[0], "setenv")) {
		if (argc == 2)
			return env_unset(&env, argv[1]) ? 1 : 0;
		/* the words joined by blanks, as U-Boot's setenv */
		char val[4096] = "";

		for (int i = 2; i < argc; i++)
			snprintf(val + strlen(val), sizeof(val) - strlen(val), "%s%s",
				 i > 2 ? " " : "", argv[i]);
		return env_set(&env, argv[1], val) ? 1 : 0;
	}
	if (!strcmp(argv[0], "run")) {
		for (int i = 1; i < argc; i++)
			if (hush_run_var(&shell, argv[i]))
				return 1;
		return 0;
	}
	if (!strcmp(argv[0], "test"))
		return shexpr_test(argc, argv, NULL);
	if (!strncmp(argv[0], "itest", 5))
		return shexpr_itest(argc, argv, NULL, &why) ? 1 : 0;
	if (!strncmp(argv[0], "setexpr", 7)) {
		if (shexpr_setexpr(argc, argv, NULL, &v, &why))
			return 1;
		snprintf(buf, sizeof(buf), "%x", (unsigned)v);
		return env_set(&env, argv[1], buf) ? 1 : 0;
	}
	put("Unknown command '");
	put(argv[0]);
	put("' - try 'help'\n");
	return 1;
}

static const char *stub_getenv(void *ctx, const char *name)
{
	return env_get(&env, name);
}

static bool stub_ctrlc(void *ctx)
{
	if (!ctrlc_after || ++polls < ctrlc_after)
		return false;
	put("^C\n");
	return true;
}

static void stub_print(void *ctx, const char *s)
{
	put(s);
}

static const struct hush_ops ops = {
	.run = stub_run, .getenv = stub_getenv, .ctrlc = stub_ctrlc, .print = stub_print,
};

static int setup(void **state)
{
	static const struct env_default defs[] = {
		{ "loadaddr", "0x82000000" },
		{ "two", "a  b" },
		{ "empty", "" },
		{ NULL, NULL },
	};

	out[0] = 0;
	ctrlc_after = polls = ran = 0;
	assert_int_equal(env_init(&env, envbuf, sizeof(envbuf), defs), 0);
	return hush_init(&shell, &ops, arena, sizeof(arena), localbuf, sizeof(localbuf));
}

static int run(const char *script)
{
	out[0] = 0;
	return hush_run(&shell, script, strlen(script));
}

#define RUN(script, want_status, want_out)                        \
	do {                                                      \
		int st_ = run(script);                            \
		assert_string_equal(out, want_out);               \
		assert_int_equal(st_, want_status);               \
		assert_int_equal(shell.arena_used, 0);               \
	} while (0)

static void test_words_and_quotes(void **state)
{
	RUN("args a  b\tc", 0, "[a|b|c]\n");
	RUN("args 'a b' \"c  d\" e\\ f", 0, "[a b|c  d|e f]\n");
	RUN("args '' \"\" x", 0, "[||x]\n");
	RUN("args a\"b c\"d'e'", 0, "[ab cde]\n");
	/* inside double quotes U-Boot keeps the backslashes: "\"\\\$" is \"\\\$ */
	RUN("args 'a\\b' \"a\\b\" \"\\\"\\\\\\$\" a\\\\b", 0, "[a\\b|a\\b|\\\"\\\\\\$|a\\b]\n");
	RUN("args \"it's\" 'say \"hi\"'", 0, "[it's|say \"hi\"]\n");
	RUN("args a#b '#x' \"#y\" # comment", 0, "[a#b|#x|#y]\n");
	RUN("args a<b c>d", 0, "[a<b|c>d]\n");
	/* labgrid's marker: one word MARK */
	RUN("echo 'MA''RK'; true; echo \"$?\"; echo 'MA''RK';", 0, "MARK\n0\nMARK\n");
	RUN("echo 'MA''RK'; false; echo \"$?\"; echo 'MA''RK';", 0, "MARK\n1\nMARK\n");
	RUN("echo 'MA''RK'; nosuch; echo \"$?\"; echo 'MA''RK';", 0,
	    "MARK\nUnknown command 'nosuch' - try 'help'\n1\nMARK\n");
}

static void test_expansion(void **state)
{
	RUN("args $loadaddr ${loadaddr}x \"$two\" $two $empty \"$empty\" $nosuch", 0,
	    "[0x82000000|0x82000000x|a  b|a|b|]\n");
	RUN("args $ a$ ${loadaddr}$", 0, "[$|a$|0x82000000$]\n");
	/* in double quotes the backslash stays, as in U-Boot's hush */
	RUN("args '$loadaddr' \\$loadaddr \"\\$loadaddr\"", 0,
	    "[$loadaddr|$loadaddr|\\$loadaddr]\n");
	/* expanded at run time, not re-parsed */
	RUN("setenv v 'x; echo injected'; args $v", 0, "[x;|echo|injected]\n");
	RUN("setenv a 1; args $a", 0, "[1]\n");
	RUN("errno; echo $?; true; echo ${?}", 0, "1\n0\n");
}

static void test_locals(void **state)
{
	RUN("X=1; args $X ${X}", 0, "[1|1]\n");
	RUN("VERSION=0123456789\t# comment\nargs $VERSION", 0, "[0123456789]\n");
	/* locals are not the environment */
	assert_null(env_get(&env, "VERSION"));
	RUN("Y='a b'; args $Y \"$Y\"", 0, "[a|b|a b]\n");
	RUN("Z=$loadaddr; args $Z", 0, "[0x82000000]\n");
	/* U-Boot's hush refuses a local that would hide an env variable */
	RUN("loadaddr=1", 1,
	    "error: loadaddr: an environment variable has this name (use setenv)\n");
	RUN("X=", 0, "");
	RUN("args $X", 0, "[]\n");
	RUN("setenv x 1\t# comment\nargs $x", 0, "[1]\n");
}

/* How U-Boot users write bootcmd without quotes, and Letux's empty tests. */
static void test_uboot_idioms(void **state)
{
	RUN("setenv bootcmd echo one\\; echo two; run bootcmd", 0, "one\ntwo\n");
	RUN("setenv bootcmd echo \\$loadaddr; run bootcmd", 0, "0x82000000\n");
	RUN("if itest.s \"x$mmcdev\" == \"x\"; then echo unset; fi", 0, "unset\n");
	RUN("setenv mmcdev 1; if itest.s \"x${mmcdev}\" == \"x\"; then echo unset; else echo "
	    "set; fi", 0, "set\n");
	RUN("setenv bootargs console=ttyO2 root=/dev/mmcblk0p2; args ${bootargs} rootwait", 0,
	    "[console=ttyO2|root=/dev/mmcblk0p2|rootwait]\n");
}

static void test_and_or_not(void **state)
{
	RUN("true && echo a || echo b", 0, "a\n");
	RUN("false && echo a || echo b", 0, "b\n");
	RUN("false && echo a", 1, "");
	RUN("true || echo a", 0, "");
	RUN("! false && echo yes", 0, "yes\n");
	RUN("! true", 1, "");
	RUN("true &&\n echo next", 0, "next\n");
	RUN("false; echo $?", 0, "1\n");
}

static void test_if(void **state)
{
	RUN("if true; then echo t; else echo f; fi", 0, "t\n");
	RUN("if false; then echo t; else echo f; fi", 0, "f\n");
	RUN("if false; then echo t; fi", 0, "");
	RUN("if false; then echo 1; elif true; then echo 2; else echo 3; fi", 0, "2\n");
	RUN("if false; then echo 1; elif false; then echo 2; else echo 3; fi", 0, "3\n");
	RUN("if true; then if false; then echo a; else echo b; fi; fi && echo c", 0, "b\nc\n");
	RUN("if test a = a; then echo eq; fi", 0, "eq\n");
	RUN("if true\nthen\n echo a\nfi", 0, "a\n");
	RUN("echo fi done then", 0, "fi done then\n");
	RUN("if true; then false; fi", 1, "");
}

static void test_loops(void **state)
{
	RUN("for i in a b c; do echo $i; done", 0, "a\nb\nc\n");
	RUN("for i in $two x; do echo $i; done", 0, "a\nb\nx\n");
	RUN("for i in; do echo $i; done", 0, "");
	RUN("for i in 1 2\ndo\n echo $i\ndone", 0, "1\n2\n");
	RUN("setenv n 0; while itest $n < 3; do setexpr n $n + 1; echo $n; done", 0,
	    "1\n2\n3\n");
	RUN("setenv n 0; until itest $n == 2; do setexpr n $n + 1; done; echo $n", 0, "2\n");
	RUN("while false; do echo x; done", 0, "");
	RUN("for a in 1 2; do for b in x y; do echo $a$b; done; done", 0, "1x\n1y\n2x\n2y\n");
	RUN("for i in a b; do false; done", 1, "");
	/* U-Boot's for list: cut at spaces inside quotes too, empties dropped
	 * (RAUC's `for BOOT_SLOT in "${BOOT_ORDER}"`) */
	RUN("setenv order 'B A'; for s in \"${order}\"; do echo $s; done", 0, "B\nA\n");
	RUN("for s in 'x  y' \"\" z; do echo $s; done", 0, "x\ny\nz\n");
	RUN("for s in \"\"; do echo pass; done", 0, "");
}

static void test_continuation_and_comments(void **state)
{
	RUN("echo a \\\n b", 0, "a b\n");
	RUN("echo \"a\\\nb\"", 0, "ab\n");
	RUN("# only a comment\n\n  # another\necho x # trailing", 0, "x\n");
	RUN("echo a;;echo b", 0, "a\nb\n");
	RUN("echo a\r\necho b\r\n", 0, "a\nb\n");
}

/* Letux-style: multi-line blocks inside a single-quoted env value. */
static void test_letux_script(void **state)
{
	const char *script =
		"setenv mmcdev 0\n"
		"setenv loadbootscript 'echo loading from mmc $mmcdev'\n"
		"setenv mux 'if itest.b 5 == 5; then\n"
		"\techo gta04;\n"
		"elif itest 1 -lt 2; then\n"
		"\techo other\n"
		"else\n"
		"\techo none\n"
		"fi'\n"
		"setenv bootcmd 'run mux\n"
		"for part in 1 2; do\n"
		"  if test $part -eq 2; then echo found $part; run loadbootscript; fi\n"
		"done'\n"
		"VERSION=0123456789\t# comment\n"
		"run bootcmd && echo ok $VERSION\n";

	RUN(script, 0, "gta04\nfound 2\nloading from mmc 0\nok 0123456789\n");
}

static void test_syntax_errors(void **state)
{
	RUN("echo a; if true; then echo b", 1, "syntax error: line 1: 'if' without 'fi'\n");
	RUN("echo a\nfi", 1, "syntax error: line 2: 'fi' without 'if'\n");
	RUN("echo x; done", 1, "syntax error: line 1: 'done' without 'do'\n");
	RUN("while true; echo x; done", 1, "syntax error: line 1: 'done' without 'do'\n");
	RUN("while true", 1, "syntax error: line 1: 'while' without 'do'\n");
	RUN("for x in a b; do echo", 1, "syntax error: line 1: 'do' without 'done'\n");
	RUN("for 1x in a; do echo; done", 1, "syntax error: line 1: 'for' needs a variable name\n");
	RUN("echo a\necho 'open\nmore", 1, "syntax error: line 2: unterminated ' quote\n");
	RUN("echo \"open", 1, "syntax error: line 1: unterminated \" quote\n");
	RUN("echo ${bad", 1, "syntax error: line 1: bad ${...}: a name and '}' expected\n");
	RUN("echo ${a-b}", 1, "syntax error: line 1: bad ${...}: a name and '}' expected\n");
	RUN("echo a | cat", 1, "syntax error: line 1: '|' (pipes) is not supported\n");
	RUN("echo a &", 1, "syntax error: line 1: '&' (background jobs) is not supported\n");
	RUN("true &&", 1, "syntax error: line 1: '&&' without a command after it\n");
	RUN("|| true", 1, "syntax error: line 1: '||' without a command before it\n");
	RUN("if true; then echo; fi echo", 1,
	    "syntax error: line 1: 'echo' needs a ';' or a new line before it\n");
	RUN("then", 1, "syntax error: line 1: 'then' without 'if'\n");
	RUN("if true; then echo a; else echo b; elif", 1,
	    "syntax error: line 1: 'elif' without 'if'\n");
	/* nothing ran of any of them */
	assert_int_equal(ran, 0);
}

static void test_ctrlc(void **state)
{
	ctrlc_after = 5;
	RUN("while true; do; done; echo after", 1, "^C\n");
	polls = 0;
	RUN("for i in 1 2 3 4 5 6 7 8; do echo $i; done", 1, "1\n2\n3\n4\n5\n^C\n");
	polls = 0;
	RUN("echo 1\necho 2\necho 3\necho 4\necho 5\necho 6\necho 7", 1,
	    "1\n2\n3\n4\n5\n^C\n");
	/* inside run: the whole stack stops, and the next script runs again */
	polls = 0;
	env_set(&env, "loop", "while true; do true; done");
	RUN("run loop; echo after", 1, "^C\n");
	ctrlc_after = 0;
	RUN("echo again", 0, "again\n");
}

static void test_run(void **state)
{
	env_set(&env, "a", "echo in a; run b");
	env_set(&env, "b", "echo in b");
	RUN("run a", 0, "in a\nin b\n");
	RUN("run nosuch", 1, "## Error: \"nosuch\" not defined\n");
	RUN("run b nosuch b", 1, "in b\n## Error: \"nosuch\" not defined\n");
	/* a variable that changes itself keeps running its old text */
	env_set(&env, "self", "setenv self 'echo new'; echo old");
	RUN("run self; run self", 0, "old\nnew\n");
	/* endless recursion: refused at the bound, by name */
	env_set(&env, "loop", "run loop");
	RUN("run loop", 1, "run: nesting too deep (16)\n");
	/* a local is run too */
	RUN("L='echo local'; run L", 0, "local\n");
}

static void test_bounds(void **state)
{
	char *big = malloc(HUSH_SCRIPT_MAX + 2), *p = big;
	int i;

	/* 100 KB of script: handled */
	for (i = 0; p - big < 100 * 1024; i++)
		p += sprintf(p, "if true; then X=%d; fi # line %d of a long script\n", i, i);
	p += sprintf(p, "args $X\n");
	out[0] = 0;
	assert_int_equal(hush_run(&shell, big, (size_t)(p - big)), 0);
	snprintf(big, 64, "[%d]\n", i - 1);
	assert_string_equal(out, big);
	/* too large: refused by name, nothing run */
	memset(big, ' ', HUSH_SCRIPT_MAX + 1);
	memcpy(big, "echo x\n", 7);
	big[HUSH_SCRIPT_MAX + 1] = 0;
	ran = 0;
	RUN(big, 1, "error: script too large (262145 bytes, at most 262144)\n");
	assert_int_equal(ran, 0);

	/* words per command */
	p = big;
	p += sprintf(p, "args");
	for (i = 0; i < HUSH_MAXARGS; i++)
		p += sprintf(p, " w");
	RUN(big, 1, "error: more than 64 words in a command\n");
	RUN("args $two $two $two $two $two $two $two $two $two $two $two $two $two $two $two "
	    "$two $two $two $two $two $two $two $two $two $two $two $two $two $two $two $two "
	    "$two; echo next", 0, "error: more than 64 words in a command\nnext\n");

	/* expanded length */
	memset(big, 'x', 1500);
	big[1500] = 0;
	env_set(&env, "long", big);
	RUN("args $long $long", 1, "error: command longer than 2048 bytes after $ expansion\n");

	/* nesting */
	p = big;
	for (i = 0; i <= HUSH_DEPTH_MAX; i++)
		p += sprintf(p, "if true; then ");
	p += sprintf(p, "echo deep");
	for (i = 0; i <= HUSH_DEPTH_MAX; i++)
		p += sprintf(p, "; fi");
	RUN(big, 1, "syntax error: line 1: nesting deeper than 32 levels\n");
	free(big);
}

static void test_small_arena(void **state)
{
	static char small[HUSH_ARENA_MIN];
	struct hush h;

	assert_int_equal(hush_init(&h, &ops, small, 64, localbuf, sizeof(localbuf)), -EINVAL);
	assert_int_equal(hush_init(&h, &ops, small, sizeof(small), localbuf, sizeof(localbuf)), 0);
	out[0] = 0;
	assert_int_equal(hush_run(&h, "echo ok", 7), 0);
	assert_string_equal(out, "ok\n");
}

static void test_test_cmd(void **state)
{
	RUN("test a = a && echo 1; test a != a || echo 2; test -n x && echo 3; test -z '' && echo 4",
	    0, "1\n2\n3\n4\n");
	RUN("test 10 -eq 0xa && echo 1; test -1 -lt 0 && echo 2; test 3 -ge 4 || echo 3", 0,
	    "1\n2\n3\n");
	RUN("test 1 -le 1 -a 2 -gt 1 && echo 1; test 1 -eq 2 -o b = b && echo 2", 0, "1\n2\n");
	RUN("test ! a = b && echo 1; test ! ! a = b || echo 2", 0, "1\n2\n");
	RUN("test x; echo $?; test; echo $?; test a = ; echo $?", 0, "1\n1\n1\n");
	RUN("test -e mmc 0:1 /boot.scr; echo $?", 0, "1\n");
	RUN("test b \\> a && echo gt; test a \\< b && echo lt", 0, "gt\nlt\n");
}

static void test_itest_setexpr(void **state)
{
	RUN("itest 10 == 0x10 && echo 1; itest.b 1ff == ff && echo 2; itest.w 1ffff -eq ffff && echo 3",
	    0, "1\n2\n3\n");
	RUN("itest ffffffff < 1 && echo signed; itest 2 >= 2 && echo 1; itest 1 <> 2 && echo 2", 0,
	    "signed\n1\n2\n");
	RUN("itest.s abc == abc && echo 1; itest.s abc -lt abd && echo 2", 0, "1\n2\n");
	RUN("itest 1 ~ 2; echo $?; itest 1 2; echo $?; itest.q 1 == 1; echo $?", 0, "1\n1\n1\n");
	RUN("setexpr r 10 + 6; echo $r; setexpr r ff - 1; echo $r; setexpr r 3 * 5; echo $r", 0,
	    "16\nfe\nf\n");
	RUN("setexpr r 10 / 3; echo $r; setexpr r 10 % 3; echo $r; setexpr r f0 '&' 3c; echo $r",
	    0, "5\n1\n30\n");
	RUN("setexpr r f0 \\| f; echo $r; setexpr r ff ^ f; echo $r; setexpr r 0x1234; echo $r", 0,
	    "ff\nf0\n1234\n");
	RUN("setexpr r 1 / 0; echo $?; setexpr r 1 ? 2; echo $?; setexpr r; echo $?", 0,
	    "1\n1\n1\n");
	RUN("setexpr r 0 - 1; echo $r", 0, "ffffffff\n");
}

static int read_mem(void *ctx, uint32_t addr, unsigned w, uint32_t *v)
{
	static const uint8_t mem[8] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88 };

	if (addr + w > sizeof(mem))
		return -EFAULT;
	*v = 0;
	memcpy(v, mem + addr, w);       /* little-endian host, as the OMAP3 */
	return 0;
}

static bool exists(void *ctx, const char *ifn, const char *dev, const char *path)
{
	return !strcmp(ifn, "mmc") && !strcmp(dev, "0:1") && !strcmp(path, "/boot.scr");
}

static void test_shexpr_direct(void **state)
{
	const struct shexpr_ops mops = { .read = read_mem, .file_exists = exists };
	const char *why;
	uint32_t v;

	assert_int_equal(shexpr_strtoul("12zz", 16), 0x12);
	assert_int_equal(shexpr_strtoul("0x1F", 16), 0x1f);
	assert_int_equal(shexpr_strtoul("010", 0), 8);
	assert_int_equal(shexpr_strtoul("", 10), 0);
	assert_int_equal(shexpr_strtol("-5", 10), -5);
	assert_int_equal(shexpr_itest(4, (char *[]){ "itest.b", "*1", "==", "22", NULL }, &mops,
				      &why), 0);
	assert_int_equal(shexpr_itest(4, (char *[]){ "itest.w", "*0", "==", "2211", NULL }, &mops,
				      &why), 0);
	assert_int_equal(shexpr_itest(4, (char *[]){ "itest", "*100", "==", "0", NULL }, &mops,
				      &why), -EFAULT);
	assert_int_equal(shexpr_itest(4, (char *[]){ "itest", "*0", "==", "0", NULL }, NULL,
				      &why), -EINVAL);
	assert_int_equal(shexpr_setexpr(3, (char *[]){ "setexpr.l", "x", "*4", NULL }, &mops, &v,
					&why), 0);
	assert_int_equal(v, 0x88776655);
	assert_int_equal(shexpr_setexpr(5, (char *[]){ "setexpr.s", "x", "1", "+", "1", NULL },
					&mops, &v, &why), -EINVAL);
	assert_non_null(why);
	assert_int_equal(shexpr_test(5, (char *[]){ "test", "-e", "mmc", "0:1", "/boot.scr", NULL },
				     &mops), 0);
	assert_int_equal(shexpr_test(5, (char *[]){ "test", "-e", "mmc", "0:1", "/nope", NULL },
				     &mops), 1);
	assert_int_equal(shexpr_test(6, (char *[]){ "test", "!", "-e", "mmc", "0:1", "/nope",
						    NULL }, &mops), 0);
}

/* exit leaves the innermost script (a run'd variable) with its status,
 * from inside loops and ifs; at the prompt's level it is refused. */
static void test_exit(void **state)
{
	RUN("echo a; exit; echo b", 0, "a\n");
	RUN("echo a; exit 3; echo b", 3, "a\n");
	RUN("for i in 1 2 3; do echo $i; if test $i = 2; then exit 5; fi; done; echo no", 5,
	    "1\n2\n");
	RUN("setenv s 'echo in; exit 2; echo not'; run s; echo \"after $?\"", 0,
	    "in\nafter 1\n");
	RUN("setenv s 'echo in; exit 2'; if run s; then echo ok; fi; echo $?", 0, "in\n0\n");
	RUN("exit 0 || echo no; echo no2", 0, "");
	shell.interactive = true;
	RUN("exit 4; echo still", 0, "exit not allowed from main input shell.\nstill\n");
	RUN("setenv s 'exit 0; echo not'; run s && echo ran", 0, "ran\n");
	shell.interactive = false;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_words_and_quotes, setup),
		cmocka_unit_test_setup(test_expansion, setup),
		cmocka_unit_test_setup(test_locals, setup),
		cmocka_unit_test_setup(test_uboot_idioms, setup),
		cmocka_unit_test_setup(test_and_or_not, setup),
		cmocka_unit_test_setup(test_if, setup),
		cmocka_unit_test_setup(test_loops, setup),
		cmocka_unit_test_setup(test_continuation_and_comments, setup),
		cmocka_unit_test_setup(test_letux_script, setup),
		cmocka_unit_test_setup(test_syntax_errors, setup),
		cmocka_unit_test_setup(test_ctrlc, setup),
		cmocka_unit_test_setup(test_run, setup),
		cmocka_unit_test_setup(test_bounds, setup),
		cmocka_unit_test_setup(test_small_arena, setup),
		cmocka_unit_test_setup(test_test_cmd, setup),
		cmocka_unit_test_setup(test_itest_setexpr, setup),
		cmocka_unit_test_setup(test_shexpr_direct, setup),
		cmocka_unit_test_setup(test_exit, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
