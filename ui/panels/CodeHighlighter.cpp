#include "panels/CodeHighlighter.h"

namespace docshape::ui::panels {

namespace {
QTextCharFormat charFormat(const QColor &color, bool bold = false, bool italic = false) {
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}
} // namespace

CodeHighlighter::CodeHighlighter(QTextDocument *document, Language language)
    : QSyntaxHighlighter(document), m_language(language) {
    m_comment = charFormat(QColor(0x6a, 0x73, 0x7d), false, true);
    setLanguage(language);
}

CodeHighlighter::Language CodeHighlighter::languageOf(const QString &fileName) {
    // TypeScript reads well with JavaScript's words; Python's keywords are
    // few, and its strings and numbers are JSON's.
    return fileName.endsWith(QStringLiteral(".js")) || fileName.endsWith(QStringLiteral(".ts")) ? Language::JavaScript
                                                                                                 : Language::Json;
}

void CodeHighlighter::setLanguage(Language language) {
    m_language = language;
    m_rules.clear();
    // Later rules win: strings and keys are applied after numbers and words
    // so that digits inside strings stay string-coloured.
    m_rules.push_back({QRegularExpression(QStringLiteral("-?\\b\\d+(\\.\\d+)?([eE][+-]?\\d+)?\\b")),
                       charFormat(QColor(0x09, 0x86, 0x58))});
    m_rules.push_back({QRegularExpression(QStringLiteral("\\b(true|false|null)\\b")), charFormat(QColor(0x00, 0x5c, 0xc5), true)});
    if (language == Language::JavaScript) {
        m_rules.push_back(
            {QRegularExpression(QStringLiteral("\\b(const|let|var|function|return|if|else|for|of|in|new|try|catch|"
                                               "throw|typeof|undefined|db|print|printjson)\\b")),
             charFormat(QColor(0xa6, 0x26, 0xa4), true)});
        m_rules.push_back({QRegularExpression(QStringLiteral("'(?:[^'\\\\]|\\\\.)*'")), charFormat(QColor(0xb3, 0x1d, 0x28))});
    }
    m_rules.push_back({QRegularExpression(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"")), charFormat(QColor(0xb3, 0x1d, 0x28))});
    // Object keys: a string followed by a colon.
    m_rules.push_back({QRegularExpression(QStringLiteral("\"(?:[^\"\\\\]|\\\\.)*\"(?=\\s*:)")),
                       charFormat(QColor(0x00, 0x45, 0x8a), true)});
    if (language == Language::JavaScript)
        m_rules.push_back({QRegularExpression(QStringLiteral("(^|\\s)//.*$")), m_comment});
    rehighlight();
}

void CodeHighlighter::highlightBlock(const QString &text) {
    for (const Rule &rule : m_rules) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const auto match = it.next();
            setFormat(int(match.capturedStart()), int(match.capturedLength()), rule.format);
        }
    }
    if (m_language != Language::JavaScript)
        return;
    // Block comments may span lines: state 1 means "inside /* */".
    setCurrentBlockState(0);
    qsizetype start = previousBlockState() == 1 ? 0 : text.indexOf(QStringLiteral("/*"));
    while (start >= 0) {
        const qsizetype end = text.indexOf(QStringLiteral("*/"), start + (previousBlockState() == 1 && start == 0 ? 0 : 2));
        qsizetype length;
        if (end < 0) {
            setCurrentBlockState(1);
            length = text.size() - start;
        } else {
            length = end - start + 2;
        }
        setFormat(int(start), int(length), m_comment);
        start = end < 0 ? -1 : text.indexOf(QStringLiteral("/*"), start + length);
    }
}

} // namespace docshape::ui::panels
