/* The C tokenizer (lex/lex.c) in each of its modes. */
#include "fuzz.h"
#include "lex/lex.h"

static int never(const struct lex_token *v, size_t n, void *data)
{
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	/* An exact-size copy: ASan sees any read past the end. */
	char *text = malloc(size ? size : 1);

	memcpy(text, data, size);
	lex_tokenize(text, size, &t);
	for (size_t i = 0; i < t.nr; i++)
		if (t.v[i].offset + t.v[i].len > size || t.v[i].text != text + t.v[i].offset)
			abort();
	lex_tokens_release(&t);
	lex_tokenize_raw(text, size, &t);
	lex_tokens_release(&t);
	lex_tokenize_opt(text, size, &t, LEX_IF0_PREFIX);
	lex_tokens_release(&t);
	lex_tokenize_cond(text, size, &t, never, NULL);
	lex_tokens_release(&t);
	free(text);
	return 0;
}
