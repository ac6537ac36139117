// javac's own parse of each file, for the hostile-name check
// (hostile-names.js): one line per file, a JSON object {file, kinds,
// errors, collection}: the kinds of every tree node (identifiers and
// literals as kinds only: their text is a name's, by design), the parse
// errors, and the value of the COLLECTION constant. Run as a single-file
// program: java JavaKinds.java FILE...
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.ToolProvider;

public class JavaKinds {
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || c > 0x7e) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    public static void main(String[] args) throws Exception {
        var compiler = ToolProvider.getSystemJavaCompiler();
        for (String path : args) {
            var diagnostics = new DiagnosticCollector<JavaFileObject>();
            var files = compiler.getStandardFileManager(null, null, null).getJavaFileObjects(new File(path));
            var task = (JavacTask) compiler.getTask(null, null, diagnostics, List.of("-proc:none"), null, files);
            List<String> kinds = new ArrayList<>();
            String[] collection = {null};
            for (CompilationUnitTree unit : task.parse()) {
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void scan(Tree tree, Void p) {
                        if (tree != null) kinds.add(tree.getKind().name());
                        return super.scan(tree, p);
                    }

                    @Override
                    public Void visitVariable(VariableTree v, Void p) {
                        if (v.getName().contentEquals("COLLECTION") && v.getInitializer() instanceof LiteralTree l)
                            collection[0] = String.valueOf(l.getValue());
                        return super.visitVariable(v, p);
                    }
                }.scan(unit, null);
            }
            kinds.sort(null);
            System.out.println("{\"file\":" + json(path) + ",\"errors\":" + diagnostics.getDiagnostics().size()
                + ",\"collection\":" + (collection[0] == null ? "null" : json(collection[0]))
                + ",\"kinds\":" + json(String.join(" ", kinds)) + "}");
        }
    }
}
