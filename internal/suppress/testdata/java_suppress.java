package p;

@SuppressWarnings("checkstyle:TypeName")
public class bad_name {
    @SuppressWarnings("checkstyle:methodname")
    public void Bad_Method() {
        int x = 1;
    }

    @SuppressWarnings({"unchecked", "MemberNameCheck"})
    private int Bad_Field;

    @SuppressWarnings(value = {"all"})
    void Another() {
    }

    @SuppressWarnings("unchecked")
    void notMapped() {
    }

    @SuppressWarnings("PMD.MethodNamingConventions")
    void Pmd_Name() {
    }

    // CHECKSTYLE:OFF
    void Off_Region() {
    }
    // CHECKSTYLE:ON

    // @formatter:off
    int[] m = {1,0,
               0,1};
    // @formatter:on
    String s = "@SuppressWarnings(\"all\")";
}
