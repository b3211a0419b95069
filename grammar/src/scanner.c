/*
 * External scanner for the Puppet grammar: what a context-free lexer cannot
 * do.
 *
 * - Double-quoted string text, so that `#` inside a string is never taken
 *   for a comment.
 * - Heredocs: `@(TAG)` opens a body that starts on the next line, after the
 *   rest of the header's line has been parsed; several heredocs may open on
 *   one line. The scanner queues each tag with its interpolation and escape
 *   flags, emits the body at the newline and ends it at the tag's line.
 * - Regex versus division: Puppet's lexer reads `/` as a regex only where
 *   no value precedes it. The parser knows that: a regex is valid and
 *   division is not.
 */

#include "tree_sitter/alloc.h"
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

enum TokenType {
  STRING_CONTENT,
  INTERPOLATION_START,
  INTERPOLATED_NAME,
  HEREDOC_TAG,
  HEREDOC_BODY_START,
  HEREDOC_CONTENT,
  HEREDOC_END,
  REGEX,
  DIVISION,
  BINARY_MINUS,
  BINARY_TIMES,
  ERROR_SENTINEL,
};

#define MAX_TAG 64
#define MAX_PENDING 8

/* Escape flags of a heredoc, one bit each. */
enum Escape {
  ESC_T = 1 << 0,
  ESC_R = 1 << 1,
  ESC_N = 1 << 2,
  ESC_S = 1 << 3,
  ESC_U = 1 << 4,
  ESC_L = 1 << 5,
  ESC_DOLLAR = 1 << 6,
};

typedef struct {
  uint8_t length;
  uint8_t interpolate;
  uint8_t escapes;
  char tag[MAX_TAG];
} Heredoc;

typedef struct {
  /* Heredocs whose header has been read, in order; while a body is being
   * read it is the first one, and `in_body` is set. */
  uint8_t count;
  uint8_t in_body;
  /* The `${` just read is followed by a bare word that names a variable. */
  uint8_t name_next;
  Heredoc pending[MAX_PENDING];
} Scanner;

static void advance(TSLexer *lexer) { lexer->advance(lexer, false); }

static void skip(TSLexer *lexer) { lexer->advance(lexer, true); }

static bool is_word_char(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

/* Ruby's [[:blank:]] on UTF-8 text, as Puppet's lexer and heredoc patterns
 * use it: the tab and Unicode's space separators (Zs), the no-break space
 * among them. */
static bool is_blank(int32_t c) {
  return c == ' ' || c == '\t' || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F ||
         c == 0x3000;
}

static bool is_line_end(int32_t c) { return c == '\n' || c == '\r'; }

static uint8_t escape_bit(int32_t c) {
  switch (c) {
  case 't': return ESC_T;
  case 'r': return ESC_R;
  case 'n': return ESC_N;
  case 's': return ESC_S;
  case 'u': return ESC_U;
  case 'L': return ESC_L;
  case '$': return ESC_DOLLAR;
  default: return 0;
  }
}

/* Whether `\` followed by `c` is an escape in a heredoc with `escapes`:
 * `\\` is one as soon as any escape is enabled. */
static bool heredoc_escapes(uint8_t escapes, int32_t c) {
  if (escapes == 0) return false;
  if (c == '\\') return true;
  if (c == '\n' || c == '\r') return (escapes & ESC_L) != 0;
  return (escapes & escape_bit(c)) != 0;
}

/* After `$` has been consumed: whether an interpolation starts here. */
static bool starts_interpolation(TSLexer *lexer) {
  int32_t c = lexer->lookahead;
  if (c == '{' || is_word_char(c)) return true;
  if (c == ':') {
    advance(lexer);
    if (lexer->lookahead != ':') return false;
    advance(lexer);
    return is_word_char(lexer->lookahead);
  }
  return false;
}

static bool is_name_start(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/* A bare word, `(::)?word(::word)*`; returns whether one was read. */
static bool scan_bare_word(TSLexer *lexer) {
  if (lexer->lookahead == ':') {
    advance(lexer);
    if (lexer->lookahead != ':') return false;
    advance(lexer);
  }
  if (!is_name_start(lexer->lookahead)) return false;
  for (;;) {
    while (is_word_char(lexer->lookahead) || lexer->lookahead == '-') {
      advance(lexer);
    }
    if (lexer->lookahead != ':') return true;
    advance(lexer);
    if (lexer->lookahead != ':') return false;
    advance(lexer);
    if (!is_word_char(lexer->lookahead)) return false;
  }
}

/* `$` has been consumed and `{` is next: `${`, and a look at what follows,
 * a bare word that is not called. */
static bool scan_interpolation_start(Scanner *scanner, TSLexer *lexer) {
  advance(lexer);
  lexer->mark_end(lexer);
  while (is_blank(lexer->lookahead) || is_line_end(lexer->lookahead)) {
    advance(lexer);
  }
  bool is_variable = false;
  if (scan_bare_word(lexer)) {
    while (is_blank(lexer->lookahead) || is_line_end(lexer->lookahead)) {
      advance(lexer);
    }
    is_variable = lexer->lookahead != '(';
  }
  scanner->name_next = is_variable;
  lexer->result_symbol = INTERPOLATION_START;
  return true;
}

static bool scan_string_content(Scanner *scanner, TSLexer *lexer) {
  bool has_content = false;
  for (;;) {
    lexer->mark_end(lexer);
    int32_t c = lexer->lookahead;
    if (lexer->eof(lexer) || c == '"' || c == '\\') break;
    if (c == '$') {
      advance(lexer);
      if (!has_content && lexer->lookahead == '{') {
        return scan_interpolation_start(scanner, lexer);
      }
      if (starts_interpolation(lexer)) break;
      has_content = true;
      continue;
    }
    advance(lexer);
    has_content = true;
  }
  lexer->result_symbol = STRING_CONTENT;
  return has_content;
}

/* `@(` has been parsed; read the tag, then look ahead (without consuming)
 * at `:syntax/flags)` to learn the escapes. */
static bool scan_heredoc_tag(Scanner *scanner, TSLexer *lexer) {
  if (scanner->count >= MAX_PENDING) return false;
  Heredoc *heredoc = &scanner->pending[scanner->count];
  memset(heredoc, 0, sizeof(Heredoc));

  while (is_blank(lexer->lookahead)) skip(lexer);
  bool quoted = false;
  if (lexer->lookahead == '"') {
    quoted = true;
    advance(lexer);
  }
  unsigned length = 0;
  while (!lexer->eof(lexer)) {
    int32_t c = lexer->lookahead;
    if (c == ':' || c == '/' || c == ')' || is_line_end(c)) break;
    if (quoted && c == '"') {
      advance(lexer);
      break;
    }
    if (length >= MAX_TAG) return false;
    heredoc->tag[length++] = (char)c;
    advance(lexer);
  }
  /* Trailing blanks belong to the header, not to the tag. */
  while (length > 0 && is_blank(heredoc->tag[length - 1])) length--;
  if (length == 0) return false;
  heredoc->length = (uint8_t)length;
  heredoc->interpolate = quoted;
  lexer->mark_end(lexer);

  while (is_blank(lexer->lookahead)) advance(lexer);
  if (lexer->lookahead == ':') {
    advance(lexer);
    while (!lexer->eof(lexer) && lexer->lookahead != '/' &&
           lexer->lookahead != ')' && !is_line_end(lexer->lookahead)) {
      advance(lexer);
    }
  }
  if (lexer->lookahead == '/') {
    advance(lexer);
    while (!lexer->eof(lexer) && lexer->lookahead != ')' &&
           !is_line_end(lexer->lookahead)) {
      heredoc->escapes |= escape_bit(lexer->lookahead);
      advance(lexer);
    }
  }
  scanner->count++;
  lexer->result_symbol = HEREDOC_TAG;
  return true;
}

/* At the start of a body line: whether it is the end line of `heredoc`
 * (`[ \t]*|?[ \t]*-?[ \t]*TAG[ \t]*` up to the end of the line). Consumes
 * what it reads. */
static bool scan_end_line(const Heredoc *heredoc, TSLexer *lexer) {
  while (is_blank(lexer->lookahead)) advance(lexer);
  if (lexer->lookahead == '|') {
    advance(lexer);
    while (is_blank(lexer->lookahead)) advance(lexer);
  }
  if (lexer->lookahead == '-') {
    advance(lexer);
    while (is_blank(lexer->lookahead)) advance(lexer);
  }
  for (unsigned i = 0; i < heredoc->length; i++) {
    if (lexer->lookahead != (unsigned char)heredoc->tag[i]) return false;
    advance(lexer);
  }
  while (is_blank(lexer->lookahead)) advance(lexer);
  return lexer->eof(lexer) || is_line_end(lexer->lookahead);
}

static void pop_heredoc(Scanner *scanner) {
  memmove(&scanner->pending[0], &scanner->pending[1],
          sizeof(Heredoc) * (scanner->count - 1));
  scanner->count--;
  scanner->in_body = false;
}

/* Body text up to an interpolation, an enabled escape or the end line.
 * Called at a line start or right after an interpolation or escape. */
static bool scan_heredoc_content(Scanner *scanner, TSLexer *lexer,
                                 bool at_line_start) {
  const Heredoc *heredoc = &scanner->pending[0];
  bool has_content = false;
  for (;;) {
    if (at_line_start) {
      lexer->mark_end(lexer);
      if (scan_end_line(heredoc, lexer)) {
        if (has_content) {
          lexer->result_symbol = HEREDOC_CONTENT;
          return true;
        }
        lexer->mark_end(lexer);
        lexer->result_symbol = HEREDOC_END;
        pop_heredoc(scanner);
        return true;
      }
      at_line_start = false;
      /* What the end-line check consumed is body text. */
      if (lexer->get_column(lexer) > 0) has_content = true;
      continue;
    }
    lexer->mark_end(lexer);
    if (lexer->eof(lexer)) break;
    int32_t c = lexer->lookahead;
    if (c == '\\') {
      advance(lexer);
      if (heredoc_escapes(heredoc->escapes, lexer->lookahead)) break;
      has_content = true;
      continue;
    }
    if (c == '$' && heredoc->interpolate) {
      advance(lexer);
      if (!has_content && lexer->lookahead == '{') {
        return scan_interpolation_start(scanner, lexer);
      }
      if (starts_interpolation(lexer)) break;
      has_content = true;
      continue;
    }
    advance(lexer);
    has_content = true;
    if (c == '\n') at_line_start = true;
  }
  lexer->result_symbol = HEREDOC_CONTENT;
  return has_content;
}

/* `/` has not been consumed yet; a regex runs to the next unescaped `/`. */
static bool scan_regex(TSLexer *lexer) {
  advance(lexer);
  if (lexer->lookahead == '*') return false; /* a comment */
  for (;;) {
    if (lexer->eof(lexer)) return false;
    int32_t c = lexer->lookahead;
    advance(lexer);
    if (c == '\\') {
      if (lexer->eof(lexer)) return false;
      advance(lexer);
    } else if (c == '/') {
      break;
    }
  }
  lexer->mark_end(lexer);
  lexer->result_symbol = REGEX;
  return true;
}

static bool scan(Scanner *scanner, TSLexer *lexer, const bool *valid) {
  if (valid[ERROR_SENTINEL]) return false;

  if (scanner->name_next && valid[INTERPOLATED_NAME]) {
    while (is_blank(lexer->lookahead) || is_line_end(lexer->lookahead)) {
      skip(lexer);
    }
    scanner->name_next = false;
    if (!scan_bare_word(lexer)) return false;
    lexer->mark_end(lexer);
    lexer->result_symbol = INTERPOLATED_NAME;
    return true;
  }


  if (scanner->in_body) {
    if (valid[HEREDOC_CONTENT] || valid[HEREDOC_END]) {
      /* Directly after the body start or an interpolation: the body start
       * leaves the lexer at a line start. */
      bool at_line_start = lexer->get_column(lexer) == 0;
      return scan_heredoc_content(scanner, lexer, at_line_start);
    }
    /* Inside `${...}` of a body: ordinary tokens. */
  }

  if (valid[STRING_CONTENT]) return scan_string_content(scanner, lexer);

  if (valid[HEREDOC_TAG]) return scan_heredoc_tag(scanner, lexer);

  while (is_blank(lexer->lookahead) ||
         (is_line_end(lexer->lookahead) &&
          (scanner->count == 0 || scanner->in_body))) {
    skip(lexer);
  }

  if (scanner->count > 0 && !scanner->in_body && valid[HEREDOC_BODY_START] &&
      is_line_end(lexer->lookahead)) {
    if (lexer->lookahead == '\r') advance(lexer);
    if (lexer->lookahead == '\n') advance(lexer);
    lexer->mark_end(lexer);
    scanner->in_body = true;
    lexer->result_symbol = HEREDOC_BODY_START;
    return true;
  }

  /* After a value, `-` and `*` are operators (Puppet's LALR parser shifts
   * them); `->`, `-=` and `*=` are the internal lexer's tokens. */
  if ((lexer->lookahead == '-' && valid[BINARY_MINUS]) ||
      (lexer->lookahead == '*' && valid[BINARY_TIMES])) {
    enum TokenType symbol = lexer->lookahead == '-' ? BINARY_MINUS : BINARY_TIMES;
    advance(lexer);
    if (lexer->lookahead == '=' || (symbol == BINARY_MINUS && lexer->lookahead == '>')) {
      return false;
    }
    lexer->mark_end(lexer);
    lexer->result_symbol = symbol;
    return true;
  }

  if (lexer->lookahead == '/') {
    if (valid[DIVISION]) {
      advance(lexer);
      if (lexer->lookahead == '*') return false;
      lexer->mark_end(lexer);
      lexer->result_symbol = DIVISION;
      return true;
    }
    if (valid[REGEX]) return scan_regex(lexer);
  }
  return false;
}

void *tree_sitter_puppet_external_scanner_create(void) {
  return ts_calloc(1, sizeof(Scanner));
}

void tree_sitter_puppet_external_scanner_destroy(void *payload) {
  ts_free(payload);
}

unsigned tree_sitter_puppet_external_scanner_serialize(void *payload,
                                                      char *buffer) {
  Scanner *scanner = (Scanner *)payload;
  unsigned size = 0;
  buffer[size++] = (char)scanner->count;
  buffer[size++] = (char)scanner->in_body;
  buffer[size++] = (char)scanner->name_next;
  for (unsigned i = 0; i < scanner->count; i++) {
    const Heredoc *heredoc = &scanner->pending[i];
    buffer[size++] = (char)heredoc->length;
    buffer[size++] = (char)heredoc->interpolate;
    buffer[size++] = (char)heredoc->escapes;
    memcpy(&buffer[size], heredoc->tag, heredoc->length);
    size += heredoc->length;
  }
  return size;
}

void tree_sitter_puppet_external_scanner_deserialize(void *payload,
                                                    const char *buffer,
                                                    unsigned length) {
  Scanner *scanner = (Scanner *)payload;
  /* Called before every external scan: reset only what is read back. */
  scanner->count = 0;
  scanner->in_body = 0;
  scanner->name_next = 0;
  if (length < 3) return;
  unsigned size = 0;
  scanner->count = (uint8_t)buffer[size++];
  scanner->in_body = (uint8_t)buffer[size++];
  scanner->name_next = (uint8_t)buffer[size++];
  for (unsigned i = 0; i < scanner->count && size + 3 <= length; i++) {
    Heredoc *heredoc = &scanner->pending[i];
    heredoc->length = (uint8_t)buffer[size++];
    heredoc->interpolate = (uint8_t)buffer[size++];
    heredoc->escapes = (uint8_t)buffer[size++];
    memcpy(heredoc->tag, &buffer[size], heredoc->length);
    size += heredoc->length;
  }
}

bool tree_sitter_puppet_external_scanner_scan(void *payload, TSLexer *lexer,
                                             const bool *valid_symbols) {
  return scan((Scanner *)payload, lexer, valid_symbols);
}
